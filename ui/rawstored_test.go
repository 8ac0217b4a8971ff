package ui

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/ui/views/raw"
)

// curlOf is what c in the raw view puts on the clipboard.
func curlOf(t *testing.T, v *raw.View) string {
	t.Helper()
	cmd := v.Update(tea.KeyPressMsg{Code: 'c', Text: "c"})
	if cmd == nil {
		t.Fatal("c gave nothing to copy")
	}
	return fmt.Sprint(cmd())
}

// As with --demo, the background sync fills a store in memory; the raw view
// of a donation read back from it shows the request that brought its page:
// URL, page, when, the headers sent (the credentials left out) and the
// answer's, never the key. c asks for that one donation by id.
func TestRawViewOfAStoredDonationShowsItsRequest(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 450)
	curl := func(id int64) string { return c.CurlFor(api.Query{ID: id}) }
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c), Curl: curl}, 120, 50)
	d.settle()
	d.mustShow("synced: 450 new")
	d.keys("o", "G", "r")
	if d.m.data.scratch != nil {
		t.Fatal("the rows came from a walk of the session, not from the store")
	}
	d.mustShow("GET http://127.0.0.1:", "/api/v1/donations?page=5", "Page 5 of the list, fetched at ",
		"> Authorization: Basic [redacted]", "> Accept: application/json", "HTTP 200", "< X-Ratelimit-Limit: ")
	// The text a screen at a time, top and bottom: the request's lines
	// are on the first.
	secret := base64.StdEncoding.EncodeToString([]byte(demo.DefaultLogin + ":" + demo.DefaultKey))
	for _, k := range []string{"g", "G"} {
		d.keys(k)
		d.mustNotShow(demo.DefaultKey, secret, "not kept")
	}
	v, id := d.m.children[raw.ID].(*raw.View), d.m.list.selectedRow().Summary.ID.Value
	if got := curlOf(t, v); !strings.Contains(got, fmt.Sprintf("id=%d", id)) || strings.Contains(got, "page=") ||
		strings.Contains(got, demo.DefaultKey) {
		t.Errorf("c copied %s, want a request for donation %d alone", got, id)
	}
}

// A donation a store holds without its request (an older version kept
// none) says so, and c still asks for it by id.
func TestRawViewOfADonationWithoutItsRequest(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 120)
	pg, err := c.Page(context.Background(), api.Query{Page: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Put(context.Background(), pg.Donations); err != nil {
		t.Fatal(err)
	}
	curl := func(id int64) string { return c.CurlFor(api.Query{ID: id}) }
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Curl: curl}, 120, 40)
	d.settle()
	d.keys("r")
	d.mustShow("From the local store: the request that brought it is not kept")
	d.mustNotShow("HTTP 200", "Authorization")
	v := d.m.children[raw.ID].(*raw.View)
	if got := curlOf(t, v); !strings.Contains(got, fmt.Sprintf("id=%d", d.m.list.selectedRow().Summary.ID.Value)) {
		t.Errorf("c copied %s", got)
	}
}
