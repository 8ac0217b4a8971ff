package ui

import (
	"fmt"
	"strings"
	"time"

	"donations/api"
	"donations/store"
)

// localField is a filter the API cannot apply and the store does: its
// label in the form, its name on the header chip, and how its text reads.
type localField struct {
	label, chip, placeholder string
	parse                    func(text string, now time.Time, f *store.Filter) error
}

// localFields are the form's filters after the API's five, in order.
var localFields = []localField{
	{"Dates", "dates", "today, 7d, 30d, this month, last month, this year, 2026-03-01..2026-03-31", parseDates},
	{"Status", "status", "paid, refunded (any of them)", func(s string, _ time.Time, f *store.Filter) error {
		for _, v := range strings.Split(s, ",") {
			if v = strings.TrimSpace(v); v != "" {
				f.Statuses = append(f.Statuses, v)
			}
		}
		return nil
	}},
	{"Amount", "amount", "25..100, 250.. or ..10 (any currency)", parseAmounts},
	{"Currency", "currency", "USD", func(s string, _ time.Time, f *store.Filter) error { f.Currency = s; return nil }},
	{"Form", "form", "the form's whole name", func(s string, _ time.Time, f *store.Filter) error { f.Form = s; return nil }},
	{"Recurring", "recurring", "yes or no", tri(func(f *store.Filter) *store.Tri { return &f.Recurring })},
	{"Tribute", "tribute", "yes or no", tri(func(f *store.Filter) *store.Tri { return &f.Tribute })},
	{"Anonymous", "anonymous", "yes or no", tri(func(f *store.Filter) *store.Tri { return &f.Anonymous })},
}

// parseDates reads a preset, or from..to where either side may be empty
// and each is what --since and --until take.
func parseDates(s string, now time.Time, f *store.Filter) error {
	if from, to, ok := strings.Cut(s, ".."); ok {
		r, err := api.ParseDateRange(strings.TrimSpace(from), strings.TrimSpace(to), now)
		if err != nil {
			return fmt.Errorf("%s", strings.NewReplacer("--since", "from", "--until", "to").Replace(err.Error()))
		}
		f.Dates = r
		return nil
	}
	r, err := api.PresetRange(s, now)
	if err != nil {
		if r, err2 := api.ParseDateRange(s, "", now); err2 == nil && strings.HasSuffix(strings.ToLower(s), "d") {
			f.Dates = r // 14d, 90d: any number of days back
			return nil
		}
		return fmt.Errorf("a preset (%s), Nd, or from..to", strings.Join(api.DatePresets, ", "))
	}
	f.Dates = r
	return nil
}

func parseAmounts(s string, _ time.Time, f *store.Filter) error {
	lo, hi, ok := strings.Cut(s, "..")
	if !ok {
		hi = lo // one amount: exactly it
	}
	for _, b := range []struct {
		text string
		to   **api.Decimal
	}{{lo, &f.MinAmount}, {hi, &f.MaxAmount}} {
		if t := strings.TrimSpace(b.text); t != "" {
			d, err := api.ParseAmountBound(t)
			if err != nil {
				return fmt.Errorf("%w; an amount range looks like 25..100", err)
			}
			*b.to = &d
		}
	}
	return nil
}

func tri(field func(*store.Filter) *store.Tri) func(string, time.Time, *store.Filter) error {
	return func(s string, _ time.Time, f *store.Filter) error {
		switch strings.ToLower(s) {
		case "y", "yes", "true":
			*field(f) = store.Yes
		case "n", "no", "false":
			*field(f) = store.No
		default:
			return fmt.Errorf("yes or no")
		}
		return nil
	}
}

// parseLocal reads the texts of the local fields into one filter; the
// first field in error says what is wrong with it.
func parseLocal(texts []string, now time.Time) (store.Filter, []string) {
	var f store.Filter
	errs := make([]string, len(localFields))
	for i, lf := range localFields {
		if i >= len(texts) || strings.TrimSpace(texts[i]) == "" {
			continue
		}
		if err := lf.parse(strings.TrimSpace(texts[i]), now, &f); err != nil {
			errs[i] = err.Error()
		}
	}
	return f, errs
}
