package demo

import (
	"strings"
	"testing"
	"time"
)

// gifts are the records of a donor's gifts, oldest first.
func gifts(s *Server, email string) []Record {
	var out []Record
	for i, e := range s.data.entries {
		if s.data.donors[e.donor].email == email {
			out = append(out, s.data.record(i))
		}
	}
	return out
}

func TestStoriesShowWhatReportsAndSupportLookFor(t *testing.T) {
	for _, count := range []int{storiesFrom, 100_000} {
		s := New(Options{Count: count})
		grace := gifts(s, "grace.okafor@example.com")
		if len(grace) != 18 || grace[0].DonationDate[:7] != "2024-01" || grace[17].DonationDate[:7] != "2025-06" {
			t.Errorf("%d: Grace gave %d times, want monthly from 2024-01 to 2025-06", count, len(grace))
		}
		for _, g := range grace {
			if g.Amount != "25.00" || !g.Recurring || g.FormName != "Monthly Giving" || g.Status != "paid" {
				t.Errorf("%d: Grace's gift %+v is not her monthly $25", count, g)
			}
		}
		var years []string
		for _, g := range gifts(s, "tomas.herrera@example.es") {
			years = append(years, g.DonationDate[:4])
		}
		if strings.Join(years, " ") != "2023 2024 2026 2026" {
			t.Errorf("%d: Tomás gave in %v, want a lapse through 2025", count, years)
		}
		if h := gifts(s, "harold.whitfield@example.com"); len(h) != 2 || h[1].Amount != "50000.00" {
			t.Errorf("%d: Harold's major gifts: %v", count, h)
		}
		ruth := gifts(s, "ruth.hale@example.com")
		if len(ruth) != 1 || ruth[0].DonationHonor == nil || ruth[0].DonationHonor.HonoreeName != "Margaret Hale" ||
			ruth[0].DonationHonor.TributeType != "memory" || ruth[0].DonationHonor.RecipientMessage == "" {
			t.Errorf("%d: Ruth's gift in memory of her mother: %+v", count, ruth)
		}
		for _, email := range []string{"tomas.herrera@example.es", "layla.haddad@example.org", "kenji.watanabe@example.jp"} {
			if g := gifts(s, email); len(g) == 0 || len(g[0].Questions) != 2 {
				t.Errorf("%d: %s's first gift has no answer in their language", count, email)
			}
		}
		for i, g := range s.data.told {
			if at := s.data.date(i); at.Sub(g.on).Abs() > 2*time.Duration(max(s.data.step, time.Hour)) {
				t.Errorf("%d: a story's gift of %s lands on %s", count, g.on, at)
			}
		}
	}
}

func TestSmallDataSetsTellNoStories(t *testing.T) {
	s := New(Options{Count: storiesFrom - 1})
	if len(s.data.told) != 0 || len(s.data.donors) != s.data.pool {
		t.Errorf("%d gifts told in %d donations", len(s.data.told), len(s.data.entries))
	}
}
