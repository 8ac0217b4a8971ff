// Package suggest finds the known word a mistyped one was meant to be: the
// "did you mean" of config keys, profile names and filter values.
package suggest

import (
	"fmt"
	"strings"
)

// Closest is the known word s was most likely meant to be, or "": one within
// edit distance 2 (ignoring case), or else the one word that starts with or
// holds s ("Spring" for "Spring Appeal").
func Closest(s string, known []string) string {
	low := strings.ToLower(strings.TrimSpace(s))
	if low == "" {
		return ""
	}
	best, bestD := "", 3
	for _, k := range known {
		if d := distance(low, strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	if best != "" {
		return best
	}
	var holding []string
	for _, k := range known {
		if strings.Contains(strings.ToLower(k), low) {
			holding = append(holding, k)
		}
	}
	if len(holding) == 1 {
		return holding[0]
	}
	return ""
}

// distance is the Levenshtein edit distance, in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// DidYouMean is " (did you mean "x"?)" with the known word s was most
// likely meant to be (Closest), or "" when none is near: the words every
// refusal of a mistyped command, flag or value ends with.
func DidYouMean(s string, known []string) string {
	if k := Closest(s, known); k != "" && k != s {
		return fmt.Sprintf(" (did you mean %q?)", k)
	}
	return ""
}
