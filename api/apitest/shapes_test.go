package apitest

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"donations/api"
	"donations/api/demo"
)

// The shapes serve the same donations, each as it lists them, and the
// client reads every one of them from either.
func TestShapesServeTheSameDonations(t *testing.T) {
	var names [][]string
	for _, sh := range Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			run, err := demo.Start(context.Background(), "", sh.Of(demo.Options{Count: 1234}))
			if err != nil {
				t.Fatal(err)
			}
			defer run.Close()
			first := firstPage(t, run.URL)
			all := run.Match(demo.Filter{})
			want := slices.Clone(all[:sh.PerPage])
			if sh.NewestFirst {
				want = slices.Clone(all[len(all)-sh.PerPage:])
				slices.Reverse(want)
			}
			if !slices.Equal(first, want) {
				t.Errorf("the first page lists %d ids from %d, want %d from %d", len(first), first[0], len(want), want[0])
			}
			c, err := api.New(api.Config{BaseURL: run.URL, Username: demo.DefaultLogin, APIKey: demo.DefaultKey})
			if err != nil {
				t.Fatal(err)
			}
			every := Every(t, c)
			slices.SortFunc(every, func(a, b api.Donation) int { return int(a.ID.Value - b.ID.Value) })
			var got []int64
			var shown []string
			for _, d := range every {
				got = append(got, d.ID.Value)
				amount, _ := d.Amount.Decimal() // "100.00" in one shape is "100.0" in the other
				shown = append(shown, d.FirstName.Value+" "+d.LastName.Value+" "+d.Email.Value+" "+amount.String())
			}
			if !slices.Equal(got, all) {
				t.Fatalf("the client read %d donations, the server holds %d", len(got), len(all))
			}
			names = append(names, shown)
		})
	}
	if len(names) == 2 && !slices.Equal(names[0], names[1]) {
		t.Error("the shapes serve other donors or amounts")
	}
}

// firstPage is the ids of the list's first page, asked for with no
// parameters.
func firstPage(t *testing.T, url string) []int64 {
	t.Helper()
	req, _ := http.NewRequest("GET", url+"/api/v1/donations", nil)
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct{ ID json.Number }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	out := make([]int64, len(list))
	for i, d := range list {
		out[i], _ = strconv.ParseInt(d.ID.String(), 10, 64)
	}
	return out
}
