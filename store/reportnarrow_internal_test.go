package store

import (
	"context"
	"donations/query"
	"fmt"
	"strings"
	"testing"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// formGivers is a store in memory of 100 donors' gifts, one each: a
// tenth on the form "Spring" (one of them spelled "SPRING") in the
// campaign "Spring Drive" (id 7), the rest on the form and campaign (id 8)
// "Annual Fund", but one with neither.
func formGivers(t *testing.T) *Store {
	t.Helper()
	s := memStore(t)
	putPaid(t, s, 100, func(i int) string {
		form, campaign := `"form_name": "Annual Fund"`, ""
		switch {
		case i == 0:
			form = `"form_name": "SPRING"`
		case i%10 == 0:
			form = `"form_name": "Spring"`
		case i == 1:
			form = `"form_name": null`
		}
		switch {
		case i%10 == 0:
			campaign = `, "campaign_id": 7, "campaign_name": "Spring Drive"`
		case i != 1:
			campaign = `, "campaign_id": 8, "campaign_name": "Annual Fund"`
		}
		return fmt.Sprintf(`"email": "d%05d@example.org", "amount": "%d.25", %s%s`, i, i, form, campaign)
	})
	return s
}

// A report narrowed to a form or campaign that holds few of the store's
// gifts reads them through the form's or campaign's own index, not the
// donor index whole (each gift of the store looked up to test its form:
// 2.6 s at a million); one that holds many, or asked while a first sync
// has not added the rollups up, walks the donor index as before.
func TestNarrowReportsReadTheirFormsGifts(t *testing.T) {
	ctx := context.Background()
	s := formGivers(t)
	for _, c := range []struct {
		name     string
		f        query.Filter
		deferred bool
		want     string // the index the plan reads the donations by
	}{
		{"narrow form", query.Filter{Form: "spring"}, false, "USING INDEX donations_form (form_name=?)"},
		{"narrow form and statuses", query.Filter{Form: " Spring ", Statuses: []string{"paid", "pending"}}, false, "USING INDEX donations_form (form_name=?)"},
		{"wide form", query.Filter{Form: "annual fund"}, false, "SCAN donations USING INDEX donations_donor"},
		{"narrow campaign", query.Filter{Campaign: "drive"}, false, "USING INDEX donations_campaign (campaign_name=?)"},
		{"narrow campaign, wide form", query.Filter{Campaign: "drive", Form: "annual fund"}, false, "USING INDEX donations_campaign (campaign_name=?)"},
		{"wide campaign", query.Filter{Campaign: "fund"}, false, "SCAN donations USING INDEX donations_donor"},
		{"narrow form, first sync", query.Filter{Form: "spring"}, true, "SCAN donations USING INDEX donations_donor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.deferred {
				if _, err := s.db.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES (?, '1')`, metaDeferred); err != nil {
					t.Fatal(err)
				}
				defer s.db.ExecContext(ctx, `DELETE FROM meta WHERE key = ?`, metaDeferred)
			}
			g, args, err := s.gifts(ctx, ReportQuery{Filter: c.f, Year: 2025})
			if err != nil {
				t.Fatal(err)
			}
			got := plan(t, s, `SELECT email_key, count(*) FROM (`+g+`) WHERE counted AND email_key <> '' GROUP BY email_key`, args...)
			if !strings.Contains(got, c.want) {
				t.Errorf("read by\n%s\nwant %s", got, c.want)
			}
			if !strings.Contains(c.want, "donations_donor") && strings.Contains(got, "donations_donor") {
				t.Errorf("read by\n%s\nwant no walk of the donor index", got)
			}
		})
	}
}

// The names a report narrows by are those the filter's own test matches,
// in any case, and the report's gifts are those that test selects.
func TestNarrowReportsKeepTheFiltersGifts(t *testing.T) {
	ctx := context.Background()
	s := formGivers(t)
	for _, c := range []struct {
		f     query.Filter
		gifts int
	}{
		{query.Filter{Form: "spring"}, 10}, {query.Filter{Form: "SPRING "}, 10}, {query.Filter{Form: "Annual"}, 0},
		{query.Filter{Form: "Annual Fund"}, 89}, {query.Filter{Form: "none"}, 0},
		{query.Filter{Campaign: "drive"}, 10}, {query.Filter{Campaign: "Spring Drive", Form: "spring"}, 10},
		{query.Filter{Campaign: "no such"}, 0}, {query.Filter{Campaign: "fund"}, 89}, {query.Filter{Campaign: "_"}, 0}, {query.Filter{Campaign: "drive", Form: "annual fund"}, 0},
	} {
		g, args, err := s.gifts(ctx, ReportQuery{Filter: c.f, Year: 2025})
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (`+g+`)`, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != c.gifts {
			t.Errorf("%+v: %d gifts, want %d", c.f, n, c.gifts)
		}
	}
}

// A campaign filter can match more names than a statement takes variables
// (a page of its own for each donor, as peer-to-peer fundraising makes):
// the report failed with "too many SQL variables"; it reads the gifts the
// filter selects. The store's one connection takes no more variables a
// statement than there are pages, one past the most a report narrows by:
// a report that bound each name would fail as it does past SQLite's own
// limit, on a third of the gifts that limit would take.
func TestNarrowReportsOfManyNamesReadTheirGifts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("stores 20,000 donations")
	}
	ctx := context.Background()
	s := memStore(t)
	const pages = narrowNames + 1 // one gift each, and one more than they to the general fund
	if n := s.db.Stats().MaxOpenConnections; n != 1 {
		t.Fatalf("the store in memory holds %d connections: the limit below is set on one", n)
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqlite.Limit(conn, sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, pages); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if err := s.Begin(ctx, true); err != nil {
		t.Fatal(err)
	}
	putPaid(t, s, 2*pages+1, func(i int) string {
		campaign := fmt.Sprintf("page %d", i)
		if i >= pages {
			campaign = "general fund"
		}
		return fmt.Sprintf(`"email": "d%05d@example.org", "amount": "1", "campaign_name": %q`, i%500, campaign)
	})
	if err := s.Tidy(ctx, true); err != nil {
		t.Fatal(err)
	}
	g, args, err := s.gifts(ctx, ReportQuery{Filter: query.Filter{Campaign: "page"}, Year: 2025})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (`+g+`)`, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != pages {
		t.Errorf("%d gifts, want %d", n, pages)
	}
}
