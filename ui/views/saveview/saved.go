package saveview

import (
	"fmt"
	"maps"
	"strings"
	"time"

	"donations/ask"
	"donations/textsafe"
)

// Saved is a named set of filters, sort and search that a config saves;
// the browser shows them as tabs, and tab / shift+tab switch between them.
type Saved struct {
	Name  string
	Texts ask.Texts // the filters and search, by ask.Fields name
	Sort  string    // as ask.ParseSort reads it; "" is by date
}

// All is the first tab's name: every donation, no filter.
const All = "all"

// NewSaved reads a view's settings; a name or value that does not read is
// an error naming it.
func NewSaved(name string, fields map[string]string, now time.Time) (Saved, error) {
	switch clean := textsafe.Line(name); {
	case strings.TrimSpace(clean) == "":
		return Saved{}, fmt.Errorf("a view needs a name that shows: %q has no letter to show", name)
	case clean != name:
		return Saved{}, fmt.Errorf("the view's name %q holds control characters", name)
	case strings.EqualFold(name, All):
		return Saved{}, fmt.Errorf("%q is the tab of every donation, always there; name the view otherwise", All)
	}
	v := Saved{Name: name, Texts: ask.Texts{}}
	for k, val := range fields {
		if k == "sort" {
			if _, _, err := ask.ParseSort(val); err != nil {
				return Saved{}, fmt.Errorf("sort: %w", err)
			}
			v.Sort = val
			continue
		}
		v.Texts[k] = val
	}
	if _, errs := ask.Read(v.Texts, now); errs != nil {
		return Saved{}, errs.Err()
	}
	return v, nil
}

// Question is the view's question, read at now.
func (v Saved) Question(now time.Time) ask.Question {
	q, _ := ask.Read(v.Texts, now) // read once already by NewSaved
	if v.Sort != "" {
		q.Sort, q.Desc, _ = ask.ParseSort(v.Sort)
	}
	return q
}

// Settings are the view as a config's [views.NAME] table holds it: what
// NewSaved reads.
func (v Saved) Settings() map[string]string {
	out := maps.Clone(map[string]string(v.Texts))
	if out == nil {
		out = map[string]string{}
	}
	if v.Sort != "" {
		out["sort"] = v.Sort
	}
	return out
}

// of is the question q as a view of that name: every field's text, and the
// sort unless by date (the order, o, is the browser's own).
func of(name string, q ask.Question, now time.Time) (Saved, error) {
	v := Saved{Texts: q.Texts}
	if q.Sort != "" {
		v.Sort = q.SortText()
	}
	return NewSaved(name, v.Settings(), now)
}
