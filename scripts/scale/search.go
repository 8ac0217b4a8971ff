package main

import (
	"context"
	"fmt"
	"strings"

	"donations/query"
	"donations/store"
	"donations/textsafe"
)

// searchStep is keys typed in the quick search, and the search they leave.
type searchStep struct {
	keys   []string
	search string
}

// searchSteps type prefixes of one, two, three and four letters, searches
// that find nothing, and digits, each count unlike the one before (a
// screen is known for the step's by its count).
var searchSteps = []searchStep{
	{[]string{"/", "m"}, "m"}, {[]string{"a"}, "ma"}, {[]string{"r"}, "mar"}, {[]string{"g"}, "marg"},
	{[]string{"esc", "/", "q"}, "q"}, {[]string{"backspace", "x"}, "x"}, {[]string{"q"}, "xq"},
	{[]string{"esc", "/", "5"}, "5"}, {[]string{"4"}, "54"},
}

// measureSearch types searchSteps and says, for each, when its first
// screen (rows and count) was drawn, when its exact count was, and when
// the last of its answers (the footer's totals) was. What each screen must
// say is asked of a store of its own after the run: asked before, it
// would have warmed what the browser reads.
func measureSearch(ctx context.Context, s *screen, path string) error {
	seen := make([][]change, len(searchSteps))
	echoes := make([]int, len(searchSteps))
	for i, step := range searchSteps {
		seen[i], echoes[i] = s.changes(step.keys...)
	}
	st, err := store.Open(ctx, path)
	if err != nil {
		return err
	}
	defer st.Close()
	for i, step := range searchSteps {
		q := query.Query{Filter: query.Filter{Search: step.search}}
		quick, atLeast, err := st.QuickCount(ctx, q)
		if err != nil {
			return err
		}
		exact, err := st.Count(ctx, q)
		if err != nil {
			return err
		}
		first := textsafe.Count(quick, "match")
		if atLeast {
			first = "at least " + first
		}
		answers := seen[i][echoes[i]:]
		fmt.Printf("| quick search %q: first screen (rows, %s) | %s | ≤ 50 ms |\n", step.search, first, when(seen[i], echoes[i], "  "+first))
		if atLeast {
			all := textsafe.Count(exact, "match")
			fmt.Printf("| quick search %q: exact count (%s) | %s | — |\n", step.search, all, when(seen[i], echoes[i], "  "+all))
		}
		if len(answers) > 0 {
			fmt.Printf("| quick search %q: its last answer (the footer's totals) | %s | — |\n", step.search, ms(answers[len(answers)-1].at))
		}
	}
	return nil
}

// when is the time of the first answer on screen that says text (the
// search bar puts two spaces before its count), after the echo screens
// the keys drew: one that said it already and the answers left unchanged
// was right at once.
func when(changes []change, echo int, text string) string {
	for _, c := range changes[echo:] {
		if strings.Contains(c.view, text) {
			return ms(c.at)
		}
	}
	if echo > 0 && strings.Contains(changes[echo-1].view, text) {
		return "0 ms (the keys' own screen said it)"
	}
	return "never shown"
}
