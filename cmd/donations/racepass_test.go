package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// .ci/run's race pass names the packages it tests; every package with
// tests whose code starts a goroutine or holds a lock, or whose tests
// start goroutines or run in parallel, is among them, so that a package
// that comes to need the detector is not left out of it unnoticed.
func TestTheRacePassTakesEveryPackageWhereGoroutinesMeet(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("reads .ci/run's text against go list's answer on one goroutine: the race pass has nothing of it to check")
	}
	root := filepath.Join("..", "..")
	script, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	patterns := racePassPatterns(string(script))
	if len(patterns) == 0 {
		t.Fatal("found no package patterns after go test -race in .ci/run")
	}
	raced := goList(t, root, `{{.ImportPath}}`, patterns...)
	listed := goList(t, root, `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles " "}}|{{join .TestGoFiles " "}} {{join .XTestGoFiles " "}}`, "./...")
	for _, line := range listed {
		f := strings.Split(line, "|")
		pkg, dir, tests := f[0], f[1], strings.Fields(f[3])
		if len(tests) == 0 {
			continue
		}
		why := meets(t, dir, strings.Fields(f[2]), concurrentCode)
		if why == "" {
			why = meets(t, dir, tests, concurrentTests)
		}
		if why != "" && !slices.Contains(raced, pkg) {
			t.Errorf("%s is not in .ci/run's race pass, yet %s", pkg, why)
		}
	}
}

var (
	goStatement     = `(?m)^\s*go\s+(func\b|[A-Za-z_][\w.]*\()`
	concurrentCode  = regexp.MustCompile(goStatement + `|\bsync\.(Mutex|RWMutex|WaitGroup|Once|Cond|Map)\b|\batomic\.`)
	concurrentTests = regexp.MustCompile(goStatement + `|\.Parallel\(\)`)
)

// meets says which of files in dir has a line that re matches, and
// where, or "" for none.
func meets(t *testing.T, dir string, files []string, re *regexp.Regexp) string {
	t.Helper()
	for _, name := range files {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if m := re.Find(b); m != nil {
			return name + " has " + strings.TrimSpace(string(m))
		}
	}
	return ""
}

// racePassPatterns are the package patterns (./…) of the go test -race
// command of script, whose lines end in a backslash but the last.
func racePassPatterns(script string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(script, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "go test -race") {
			in = true
		}
		if !in {
			continue
		}
		for _, w := range strings.Fields(line) {
			if strings.HasPrefix(w, "./") {
				out = append(out, w)
			}
		}
		if !strings.HasSuffix(line, `\`) {
			break
		}
	}
	return out
}
