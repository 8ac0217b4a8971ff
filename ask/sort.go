package ask

import (
	"fmt"
	"strings"

	"donations/store"
	"donations/suggest"
)

// SortNames are the orders a question can ask for, as every place names
// them; store.Sorts holds the same keys.
var SortNames = []string{"date", "amount", "name", "email", "status", "form", "id"}

// ParseSort reads a sort as the command line and [views.*] give it: a name,
// "-" in front for descending. "date" is kept as "".
func ParseSort(s string) (key string, desc bool, err error) {
	s = strings.TrimSpace(s)
	key, desc = strings.TrimPrefix(s, "-"), strings.HasPrefix(s, "-")
	if _, ok := store.Sorts[key]; !ok {
		return "", false, fmt.Errorf("%q is not one of %s (with - in front for descending)%s", s, strings.Join(SortNames, ", "), suggest.DidYouMean(s, SortChoices()))
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
	for _, k := range SortNames {
		out = append(out, k, "-"+k)
	}
	return out
}
