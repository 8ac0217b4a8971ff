package rows

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/ui/uictx"
)

// An 8-digit id shows whole at 160 and 200 columns, not cut to "390509…";
// at a width too narrow for it the ID column gives way, and the columns
// never pass the width.
func TestWideIDsShowWhole(t *testing.T) {
	body, err := os.ReadFile("../../../api/testdata/donorbox/donations.json")
	if err != nil {
		t.Fatal(err)
	}
	gifts, _, err := api.DecodePage(body, 1)
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]uictx.Row, len(gifts))
	for i := range gifts {
		rows[i] = uictx.NewRow(&gifts[i], nil)
	}
	idW := IDWidth(len(rows), func(i int) *uictx.Row { return &rows[i] })
	ctx := uictx.NewContext(uictx.Theme{})
	ctx.Zone = time.UTC
	for _, tc := range []struct {
		width int
		whole bool
	}{{160, true}, {200, true}, {120, true}, {60, false}} {
		cols := Columns(tc.width, nil, idW)
		used := 0
		for _, c := range cols {
			used += c.Width + 1
		}
		if used-1 > tc.width {
			t.Errorf("at %d columns the columns take %d", tc.width, used-1)
		}
		line := ansi.Strip(Draw(ctx, cols, &rows[0], false))
		if got := strings.Contains(line, "39050917"); got != tc.whole {
			t.Errorf("at %d columns the id shows whole: %v, want %v\n%s", tc.width, got, tc.whole, line)
		}
		if short := ansi.Strip(Draw(ctx, cols, &rows[1], false)); tc.whole && !strings.Contains(short, "   1204 ") {
			t.Errorf("at %d columns a short id is not right-aligned in the wide column:\n%s", tc.width, short)
		}
	}
}

// The platform's records name a campaign and no form: the FORM column
// shows the campaign there, and the form where the record has one.
func TestFormColumnShowsTheCampaignWhereNoForm(t *testing.T) {
	body, err := os.ReadFile("../../../api/testdata/donorbox/donations.json")
	if err != nil {
		t.Fatal(err)
	}
	gifts, _, err := api.DecodePage(body, 1)
	if err != nil || len(gifts) == 0 {
		t.Fatalf("%d gifts, %v", len(gifts), err)
	}
	for i := range gifts {
		r := uictx.NewRow(&gifts[i], nil)
		if got, want := formCell(nil, &r), gifts[i].CampaignName.Value; gifts[i].FormName.Value == "" && (want == "" || got != want) {
			t.Errorf("gift %d: FORM shows %q, want its campaign %q", gifts[i].ID.Value, got, want)
		}
	}
	var d api.Donation
	if err := d.UnmarshalJSON([]byte(`{"id":1,"form_name":"Spring Appeal","campaign":{"id":7,"name":"Annual Fund"}}`)); err != nil {
		t.Fatal(err)
	}
	if r := uictx.NewRow(&d, nil); formCell(nil, &r) != "Spring Appeal" {
		t.Errorf("a record with a form shows %q in FORM, want its form", formCell(nil, &r))
	}
}
