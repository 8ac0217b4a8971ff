package ask

import (
	"fmt"
	"slices"
	"strings"

	"donations/suggest"
)

// Known gives the values a store column holds ("status", "form",
// "currency"), for the did-you-mean of a value the account never had.
type Known func(column string) ([]string, error)

// Check says which of the question's values no donation has, with the
// nearest one that some donation has: "status: no donation is "refundd"
// (did you mean refunded?)". It is nil when every value is known.
func (q Question) Check(known Known) error {
	for _, f := range Fields {
		if f.Known == "" || !q.Has(f.Name) {
			continue
		}
		values, err := known(f.Known)
		if err != nil {
			return err
		}
		asked := q.values(f)
		if f.Asked != nil {
			asked = f.Asked(q)
		}
		for _, v := range asked {
			if !holds(f, values, v) {
				return unknownValue(f, v, values)
			}
		}
	}
	return nil
}

// values are the values a field asks for: each of a list, else the whole
// text.
func (q Question) values(f Field) []string {
	if !f.Many {
		return []string{q.Texts[f.Name]}
	}
	var out []string
	for _, v := range strings.Split(q.Texts[f.Name], ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// holds says whether v is one of values, or part of one for a field that
// matches parts.
func holds(f Field, values []string, v string) bool {
	if !f.Partial {
		return containsFold(values, v)
	}
	part := strings.ToLower(strings.TrimSpace(v))
	return slices.ContainsFunc(values, func(have string) bool { return strings.Contains(strings.ToLower(have), part) })
}

func unknownValue(f Field, v string, values []string) error {
	msg := fmt.Sprintf("%s: no donation has %q", f.Name, v)
	switch s := suggest.Closest(v, values); {
	case len(values) == 0:
		msg += " (no stored donation has any " + f.Chip + ": the server sends none)"
	case s != "":
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	case len(values) > 0 && len(values) <= 12:
		msg += " (the donations have " + strings.Join(values, ", ") + ")"
	}
	return fmt.Errorf("%s", msg)
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(s)) {
			return true
		}
	}
	return false
}
