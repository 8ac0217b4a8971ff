package ask

import (
	"fmt"
	"slices"
	"strings"

	"donations/query"
	"donations/suggest"
)

// ParseSort reads a sort as the command line and [views.*] give it: a name,
// "-" in front for descending. "date" is kept as "".
func ParseSort(s string) (key string, desc bool, err error) {
	s = strings.TrimSpace(s)
	key, desc = strings.TrimPrefix(s, "-"), strings.HasPrefix(s, "-")
	if !slices.Contains(query.Sorts, key) {
		return "", false, fmt.Errorf("%q is not one of %s (with - in front for descending)%s", s, strings.Join(query.Sorts, ", "), suggest.DidYouMean(s, SortChoices()))
	}
	if key == "date" {
		key = ""
	}
	return key, desc, nil
}

// SortText is the sort as ParseSort reads it.
func (q Question) SortText() string {
	key := q.Sort
	if key == "" {
		key = "date"
	}
	if q.Desc {
		return "-" + key
	}
	return key
}

// SortChoices are the names ParseSort takes, both directions: for shell
// completion.
func SortChoices() []string {
	var out []string
	for _, k := range query.Sorts {
		out = append(out, k, "-"+k)
	}
	return out
}
