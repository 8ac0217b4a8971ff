package store

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"time"
	// The store's zone is named in the file and loaded by whichever process
	// opens it: the names must load on a machine without a zoneinfo folder.
	_ "time/tzdata"
)

// localZone names the zone this process shows times in: the store keeps
// each donation's day in it, so that adding up by day, week and month
// reads a few thousand rows of sums instead of every donation. time.Local
// only calls itself "Local", so its name comes from where Go found it.
func localZone() string {
	name, set := os.LookupEnv("TZ")
	if !set {
		if link, err := os.Readlink("/etc/localtime"); err == nil {
			if _, after, ok := strings.Cut(filepath.ToSlash(link), "zoneinfo/"); ok {
				name = after
			}
		}
	}
	name = strings.TrimPrefix(name, ":")
	// "localtime" is a link to the system's zone, which may change later:
	// the days kept would then be in another zone than the name says.
	if _, err := time.LoadLocation(name); err != nil || name == "" || name == "Local" || name == "localtime" {
		return "UTC"
	}
	return name
}

// loadZone is the store's zone from its name, UTC if it cannot be loaded.
func loadZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// sameDays says whether a and b agree on the date of every moment from
// from to until: whether they have the same offset throughout. It visits
// each zone change of either once, so it costs a few steps a year.
func sameDays(a, b *time.Location, from, until time.Time) bool {
	for t := from; !t.After(until); {
		ta, tb := t.In(a), t.In(b)
		_, oa := ta.Zone()
		_, ob := tb.Zone()
		if oa != ob {
			return false
		}
		_, ea := ta.ZoneBounds()
		_, eb := tb.ZoneBounds()
		next := earliest(ea, eb)
		switch {
		case next.IsZero():
			return true
		case !next.After(t):
			// Where a zone's rule extends past its listed changes, Go may end
			// a period at the very instant asked about (31 December of leap
			// years); no period is shorter than an hour.
			next = t.Add(time.Hour)
		}
		t = next
	}
	return true
}

// earliest is the earlier of two times, a zero one standing for never.
func earliest(a, b time.Time) time.Time {
	switch {
	case a.IsZero():
		return b
	case b.IsZero() || a.Before(b):
		return a
	}
	return b
}

// zoneFits says whether loc (nil: UTC) puts every stored donation on the
// day the store's day column says. (min and max apart: together they scan
// the whole date index.)
func (s *Store) zoneFits(ctx context.Context, loc *time.Location) (bool, error) {
	if loc == nil {
		loc = time.UTC
	}
	if loc == s.zone || loc.String() == s.zone.String() && loc != time.Local {
		return true, nil
	}
	var first, last sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT (SELECT min(date_utc) FROM donations), (SELECT max(date_utc) FROM donations)`).Scan(&first, &last); err != nil {
		return false, s.explain(err)
	}
	if !first.Valid {
		return true, nil
	}
	return sameDays(loc, s.zone, time.UnixMilli(first.Int64), time.UnixMilli(last.Int64)), nil
}
