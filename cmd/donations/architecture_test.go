package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The package table of docs/architecture.md is true: every package of the
// module imports, of the module's own packages, only those its row's last
// column names (in backquotes) and those in its own folder. A row that
// says "everything" or names nothing is not checked.
func TestTheArchitectureTableIsTrue(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	may := architectureTable(string(doc))
	if len(may) < 10 {
		t.Fatalf("read %d rows of the package table", len(may))
	}
	for _, line := range goList(t, root, `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], "donations/")
		row := rowOf(may, pkg)
		allowed := may[row]
		if allowed == nil {
			continue // not in the table, or a row that is not checked
		}
		for _, imp := range fields[1:] {
			own, ok := strings.CutPrefix(imp, "donations/")
			if !ok || own == row || strings.HasPrefix(own, row+"/") || slices.Contains(allowed, own) {
				continue
			}
			t.Errorf("%s imports %s, which its row (%s/) of docs/architecture.md does not name", pkg, own, row)
		}
	}
}

// architectureTable is, by folder, what the table's last column names:
// nil where it names "everything" or nothing (not checked), empty where
// it names no package of the module (stdlib, "small").
func architectureTable(doc string) map[string][]string {
	row := regexp.MustCompile("(?m)^\\| `([a-z/]+)/` \\|.*\\|([^|]*)\\|$")
	named := regexp.MustCompile("`([a-z/]+)`")
	out := map[string][]string{}
	for _, m := range row.FindAllStringSubmatch(doc, -1) {
		out[m[1]] = nil
		if strings.Contains(m[2], "everything") || strings.TrimSpace(m[2]) == "" {
			continue
		}
		pkgs := []string{}
		for _, n := range named.FindAllStringSubmatch(m[2], -1) {
			pkgs = append(pkgs, n[1])
		}
		out[m[1]] = pkgs
	}
	return out
}

// rowOf is the folder of the table that holds pkg: the longest that is
// pkg or one of its parents.
func rowOf(may map[string][]string, pkg string) string {
	best := ""
	for folder := range may {
		if (pkg == folder || strings.HasPrefix(pkg, folder+"/")) && len(folder) > len(best) {
			best = folder
		}
	}
	return best
}

// goList is go list -f format of args, run in root, one line a package.
func goList(t *testing.T, root, format string, args ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-f", format}, args...)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}
