package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"donations/api"
)

// The search text of a gift is flat in its fields' length: every field,
// a name or what a donor wrote, made 1 kB or 100 kB long in its middle,
// gives the same text, the ends each kind keeps (nameEnd, textEnd).
func TestSearchTextIsFlatInFieldLength(t *testing.T) {
	gift := func(middle int) *api.Donation {
		long := func(name string) string {
			return name + "start " + strings.Repeat("m", middle) + " " + name + "end"
		}
		fields := map[string]any{"id": 1, "donation_date": "2026-04-01T10:00:00Z", "amount": "5", "currency": "USD", "status": "paid"}
		for _, f := range []string{"first_name", "last_name", "email", "form_name", "campaign_name", "city", "phone",
			"employer", "occupation", "designation", "comment"} {
			fields[f] = long(f)
		}
		fields["donation_honor"] = map[string]any{"tribute_type": long("tribute"), "honoree_name": long("honoree"),
			"recipient_name": long("recipient"), "recipient_message": long("message")}
		fields["questions"] = []any{map[string]any{"question": "Why?", "answer": long("answer")}}
		raw, err := json.Marshal(fields)
		if err != nil {
			t.Fatal(err)
		}
		var d api.Donation
		if err := d.UnmarshalJSON(raw); err != nil {
			t.Fatal(err)
		}
		return &d
	}
	short, long := searchText(gift(1<<10)), searchText(gift(100<<10))
	if short != long {
		t.Fatalf("the search text grows with its fields: %d bytes at 1 kB, %d at 100 kB", len(short), len(long))
	}
	for _, word := range []string{"first_namestart", "first_nameend", "emailend", "commentstart", "messageend", "answerstart"} {
		if !strings.Contains(long, word) {
			t.Errorf("the search text has no %q", word)
		}
	}
	if most := 16*2*nameEnd + 3*2*textEnd + 100; len(long) > most {
		t.Errorf("the search text is %d bytes, over the %d its ends allow", len(long), most)
	}
}

// A name keeps nameEnd bytes of each end when long, what a donor wrote
// textEnd: a word 100 bytes into a form name of 300 bytes is not found,
// the same word 100 bytes into a comment of 300 bytes is.
func TestNamesKeepShorterEndsThanWhatDonorsWrote(t *testing.T) {
	field := "start " + strings.Repeat("a", 94) + " middleword " + strings.Repeat("z", 180) + " end"
	for _, c := range []struct {
		name, fields string
		found        bool
	}{
		{"form name", `"form_name": "` + field + `"`, false},
		{"e-mail", `"email": "` + field + `@example.org"`, false},
		{"comment", `"comment": "` + field + `"`, true},
		{"tribute message", `"donation_honor": {"recipient_message": "` + field + `"}`, true},
		{"answer", `"questions": [{"question": "Q", "answer": "` + field + `"}]`, true},
	} {
		var d api.Donation
		if err := d.UnmarshalJSON([]byte(fmt.Sprintf(`{"id": 1, %s}`, c.fields))); err != nil {
			t.Fatal(err)
		}
		text := searchText(&d)
		if got := strings.Contains(text, "middleword"); got != c.found {
			t.Errorf("%s of %d bytes: middle word in the search text %v, want %v", c.name, len(field), got, c.found)
		}
		if !strings.Contains(text, "start") || !strings.Contains(text, "end") {
			t.Errorf("%s: the search text lost an end: %q", c.name, text)
		}
	}
}

// searchText is the search column of d as a page's put makes it.
func searchText(d *api.Donation) string {
	t, ok := api.Time(d.DonationDate)
	var w searchWords
	return w.text(d, t, ok)
}
