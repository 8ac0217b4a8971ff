package kinds

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/ask"
	"donations/dataset"
	"donations/suggest"
	"donations/ui/views/filter"
)

// kindField is a field of a kind's filter form: what the form shows of
// it, the kinds whose store filter takes it (nil: every kind), and how its
// text is written from the filter and read into it.
type kindField struct {
	ask.Field
	kinds []string
	text  func(f *dataset.KindFilter) string
	read  func(s *spec, text string, f *dataset.KindFilter) error
}

// kindFields are the fields of query.KindFilter a person filters a list
// by, in the form's order.
var kindFields = []kindField{
	{Field: ask.Field{Name: "status", Label: "Status"}, kinds: []string{"plans", "tickets", "purchases"},
		text: func(f *dataset.KindFilter) string { return f.Status }, read: readStatus},
	{Field: ask.Field{Name: "next_before", Label: "Next before", Hint: "2026-12-01: the next gift before that day"}, kinds: []string{"plans"},
		text: func(f *dataset.KindFilter) string {
			if f.Next.Until.IsZero() {
				return ""
			}
			return f.Next.Until.Format(time.DateOnly)
		},
		read: func(_ *spec, s string, f *dataset.KindFilter) error {
			t, err := time.Parse(time.DateOnly, s)
			if err != nil {
				return fmt.Errorf("%q is not a date (2026-12-01)", s)
			}
			f.Next.Until = t
			return nil
		}},
	{Field: ask.Field{Name: "email", Label: "E-mail", Hint: "donor@example.org, whole"}, kinds: []string{"plans", "donors", "tickets"},
		text: func(f *dataset.KindFilter) string { return f.Email },
		read: func(_ *spec, s string, f *dataset.KindFilter) error { f.Email = s; return nil }},
	{Field: ask.Field{Name: "donor_id", Label: "Donor id", Hint: "e.g. 7500048"}, kinds: []string{"plans", "donors", "tickets", "purchases"},
		text: func(f *dataset.KindFilter) string { return idText(f.DonorID) },
		read: func(_ *spec, s string, f *dataset.KindFilter) error { return readID(s, &f.DonorID) }},
	{Field: ask.Field{Name: "campaign_id", Label: "Campaign id", Hint: "e.g. 101"}, kinds: []string{"plans", "campaigns"},
		text: func(f *dataset.KindFilter) string { return idText(f.CampaignID) },
		read: func(_ *spec, s string, f *dataset.KindFilter) error { return readID(s, &f.CampaignID) }},
	{Field: ask.Field{Name: "search", Label: "Search", Hint: "parts of names, e-mail or slug, any case or accents"},
		text: func(f *dataset.KindFilter) string { return f.Search },
		read: func(_ *spec, s string, f *dataset.KindFilter) error { f.Search = s; return nil }},
}

// fieldsOf are the form's fields for the kind of s.
func fieldsOf(s *spec) []kindField {
	var out []kindField
	for _, kf := range kindFields {
		if kf.kinds == nil || slices.Contains(kf.kinds, s.kind.Name) {
			if kf.Name == "status" {
				kf.Hint = strings.Join(s.statuses(), ", ")
			}
			out = append(out, kf)
		}
	}
	return out
}

// readStatus takes one of the kind's statuses, in any case, and gives the
// one a misspelt status was likely meant to be.
func readStatus(s *spec, text string, f *dataset.KindFilter) error {
	i := slices.IndexFunc(s.statuses(), func(st string) bool { return strings.EqualFold(st, text) })
	if i >= 0 {
		f.Status = s.statuses()[i]
		return nil
	}
	msg := fmt.Sprintf("no %s is %q", strings.TrimSuffix(s.kind.Name, "s"), text)
	if c := suggest.Closest(text, s.statuses()); c != "" {
		return fmt.Errorf("%s (did you mean %q?)", msg, c)
	}
	return fmt.Errorf("%s (they are %s)", msg, strings.Join(s.statuses(), ", "))
}

func readID(s string, id *int64) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return fmt.Errorf("%q is not a whole number above 0", s)
	}
	*id = n
	return nil
}

func idText(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

// form is the filter form of the kind shown, over the filter in force:
// applied, the view reads the kind again as it asks.
func (v *View) form() filter.Form {
	s, fields := v.spec, fieldsOf(v.spec)
	form := filter.Form{Texts: ask.Texts{},
		About: "Applied here, to the " + s.kind.Name + " the store holds.",
		Check: func(name, text string) string {
			i := slices.IndexFunc(fields, func(kf kindField) bool { return kf.Name == name })
			if text = strings.TrimSpace(text); i < 0 || text == "" {
				return ""
			}
			if err := fields[i].read(s, text, &dataset.KindFilter{}); err != nil {
				return err.Error()
			}
			return ""
		},
		Apply: func(t ask.Texts) tea.Cmd {
			f := dataset.KindFilter{}
			for _, kf := range fields {
				if text := strings.TrimSpace(t[kf.Name]); text != "" {
					_ = kf.read(s, text, &f) // Check read each already
				}
			}
			if v.spec != s {
				return nil // another kind is shown by now
			}
			v.filter = f
			v.search.SetValue(f.Search)
			return v.reread()
		}}
	for _, kf := range fields {
		form.Fields = append(form.Fields, kf.Field)
		form.Texts[kf.Name] = kf.text(&v.filter)
	}
	return form
}
