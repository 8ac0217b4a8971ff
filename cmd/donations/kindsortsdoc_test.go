package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/query"
)

// docs/command-line.md's table of each kind's --sort values says what
// query's table does, in its order (the first is the one a list opens
// with): a sort added to or taken from a kind shows here first.
func TestTheDocumentedKindSortsAreTheKinds(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../../docs/command-line.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "| kind | `--sort` |")
	if !ok {
		t.Fatal("docs/command-line.md has no table of the kinds' --sort values")
	}
	row := regexp.MustCompile(`^\s*\| ([a-z]+) \| (.*) \|$`)
	value := regexp.MustCompile("`([a-z]+)`")
	rows := 0
	for _, line := range strings.Split(table, "\n")[2:] {
		m := row.FindStringSubmatch(line)
		if m == nil {
			break
		}
		rows++
		var documented []string
		for _, v := range value.FindAllStringSubmatch(m[2], -1) {
			documented = append(documented, v[1])
		}
		if want := query.KindSortsOf(m[1]); len(want) == 0 || !slices.Equal(documented, want) {
			t.Errorf("docs/command-line.md says %s sort by %v; they sort by %v", m[1], documented, want)
		}
	}
	if rows != len(api.RecordKinds) {
		t.Errorf("the table has %d kinds; there are %d", rows, len(api.RecordKinds))
	}
}
