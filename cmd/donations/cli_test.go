package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Every mistake on the command line is one line naming it and one pointing
// at the right help: never the whole help, never stdout, always exit 2.
func TestBadFlagsGiveOneLineAndExitTwo(t *testing.T) {
	t.Parallel()
	const listHelp = "Try 'donations list --help'.\n"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"list", "--campaign-id", "abc"}, `donations list: --campaign-id: "abc" is not a whole number above 0` + "\n" + listHelp},
		{[]string{"list", "--campaign-id", "0"}, `donations list: --campaign-id: "0" is not a whole number above 0` + "\n" + listHelp},
		{[]string{"list", "--campaign-id="}, "donations list: --campaign-id: the value is empty; leave the flag out instead\n" + listHelp},
		{[]string{"list", "--id", "0"}, `donations list: --id: "0" is not a whole number above 0` + "\n" + listHelp},
		{[]string{"list", "--id", ""}, "donations list: --id: the value is empty; leave the flag out instead\n" + listHelp},
		{[]string{"list", "--id", "-5"}, `donations list: --id: "-5" is not a whole number above 0` + "\n" + listHelp},
		{[]string{"list", "--id", "1.5"}, `donations list: --id: "1.5" is not a whole number above 0` + "\n" + listHelp},
		{[]string{"list", "--id"}, "donations list: --id needs a value\n" + listHelp},
		{[]string{"list", "--newest", "0"}, "donations list: --newest: 0 is out of range; give 1 or more\n" + listHelp},
		{[]string{"list", "--newest", " "}, "donations list: --newest: the value is empty; give a whole number, 1 or more\n" + listHelp},
		{[]string{"list", "--per-page", "0"}, "donations list: --per-page: 0 is out of range; give 1..100\n" + listHelp},
		{[]string{"list", "--per-page", "101"}, "donations list: --per-page: 101 is out of range; give 1..100\n" + listHelp},
		{[]string{"list", "--per-page", ""}, "donations list: --per-page: the value is empty; give a whole number, 1..100\n" + listHelp},
		{[]string{"list", "--pages", "-1"}, "donations list: --pages: -1 is out of range; give 0 or more\n" + listHelp},
		{[]string{"list", "--concurrency", "0"}, "donations list: --concurrency: 0 is out of range; give 1..16\n" + listHelp},
		{[]string{"list", "--concurrency", "17"}, "donations list: --concurrency: 17 is out of range; give 1..16\n" + listHelp},
		{[]string{"list", "--email", ""}, "donations list: --email: the value is empty; leave the flag out instead\n" + listHelp},
		{[]string{"list", "--first-name", ""}, "donations list: --first-name: the value is empty; leave the flag out instead\n" + listHelp},
		{[]string{"list", "--last-name", " "}, "donations list: --last-name: the value is empty; leave the flag out instead\n" + listHelp},
		{[]string{"list", "--format", ""}, `donations list: --format: "" is not one of table, json, ndjson, csv` + "\n" + listHelp},
		{[]string{"list", "--format", "xml"}, `donations list: --format: "xml" is not one of table, json, ndjson, csv` + "\n" + listHelp},
		{[]string{"list", "--dates", "last mnth"}, `donations list: --dates: "last mnth" is not a date (2026-03-01), a date-time (2026-03-01T09:30), today, or 7d/30d (did you mean "last month"?); or a preset (today, 7 days, 30 days, this month, last month, this year), a month (october, oct 2026, 2026-10) or a year (2026, fiscal 2026, FY2026)` + "\n" + listHelp},
		{[]string{"demo-server", "--past-end", "wrap"}, `donations demo-server: --past-end: "wrap" is not one of empty, last` + "\nTry 'donations demo-server --help'.\n"},
		{[]string{"list", "--colour"}, "donations list: unknown flag --colour\n" + listHelp},
		{[]string{"list", "-x"}, "donations list: unknown flag -x\n" + listHelp},
		{[]string{"list", "-pages", "1"}, "donations list: unknown flag -pages (long flags take two dashes: --pages)\n" + listHelp},
		{[]string{"list", "ada@example.org"}, `donations list: unexpected argument "ada@example.org" (filters are flags: --email, --first-name, ...)` + "\n" + listHelp},
		{[]string{"list", "--demo-count", "-1"}, "donations list: --demo-count: -1 is out of range; give 0 or more\n" + listHelp},
		{[]string{"--demo-count", "many", "list"}, `donations list: --demo-count: "many" is not a whole number` + "\n" + listHelp},
		{[]string{"--demo=maybe"}, `donations: --demo: "maybe" is not true or false` + "\nTry 'donations --help'.\n"},
		{[]string{"lst"}, `donations: unknown command "lst" (did you mean "list"?)` + "\nTry 'donations --help'.\n"},
		{[]string{"-demo"}, "donations: unknown flag -demo (long flags take two dashes: --demo)\nTry 'donations --help'.\n"},
		{[]string{"demo-server", "--latency", "soon"}, `donations demo-server: --latency: "soon" is not a duration (such as 50ms or 2s)` + "\nTry 'donations demo-server --help'.\n"},
		{[]string{"demo-server", "--error-rate", "half"}, `donations demo-server: --error-rate: "half" is not a number` + "\nTry 'donations demo-server --help'.\n"},
		{[]string{"demo-server", "--count", "-1"}, "donations demo-server: --count: -1 is out of range; give 0 or more\nTry 'donations demo-server --help'.\n"},
		{[]string{"demo-server", "--addr", "127.0.0.1:99999"}, `donations demo-server: --addr: "127.0.0.1:99999": the port 99999 is not one of 0..65535` + "\nTry 'donations demo-server --help'.\n"},
		{[]string{"demo-server", "--addr", "0.0.0.0:8080"}, `donations demo-server: --addr: "0.0.0.0:8080": only loopback addresses (127.0.0.1, ::1, localhost) are allowed` + "\nTry 'donations demo-server --help'.\n"},
		{[]string{"demo-server", "--addr", "localhost"}, `donations demo-server: --addr: "localhost": address localhost: missing port in address` + "\nTry 'donations demo-server --help'.\n"},
		{[]string{"demo-server", "now"}, `donations demo-server: unexpected argument "now" (this command takes only flags)` + "\nTry 'donations demo-server --help'.\n"},
		{[]string{"completion", "powersh"}, `donations completion: unknown command "powersh" (did you mean "powershell"?)` + "\nTry 'donations completion --help'.\n"},
		{[]string{"completion", "bsh"}, `donations completion: unknown command "bsh" (did you mean "bash"?)` + "\nTry 'donations completion --help'.\n"},
		{[]string{"completion", "cmd.exe"}, `donations completion: unknown command "cmd.exe" (completion takes bash, fish, powershell, zsh)` + "\nTry 'donations completion --help'.\n"},
		{[]string{"cache", "inf"}, `donations cache: unknown command "inf" (did you mean "info"?)` + "\nTry 'donations cache --help'.\n"},
		// --help does not hide a misspelt command behind another's help.
		{[]string{"cache", "inf", "--help"}, `donations cache: unknown command "inf" (did you mean "info"?)` + "\nTry 'donations cache --help'.\n"},
		{[]string{"lsit", "--help"}, `donations: unknown command "lsit" (did you mean "list"?)` + "\nTry 'donations --help'.\n"},
		{[]string{"--profile", "x", "lsit", "-h"}, `donations: unknown command "lsit" (did you mean "list"?)` + "\nTry 'donations --help'.\n"},
		{[]string{"cache", "purge"}, `donations cache: unknown command "purge" (cache takes clear, info)` + "\nTry 'donations cache --help'.\n"},
		{[]string{"help", "cache", "inf"}, `donations help: unknown command "inf" (did you mean "info"?)` + "\nTry 'donations help --help'.\n"},
		{[]string{"list", "--fromat", "csv"}, `donations list: unknown flag --fromat (did you mean "--format"?)` + "\n" + listHelp},
		{[]string{"report", "lybunt", "--yaer", "2026"}, `donations report: unknown flag --yaer (did you mean "--year"?)` + "\nTry 'donations report --help'.\n"},
		{[]string{"--dem", "list"}, `donations: unknown flag --dem (did you mean "--demo"?)` + "\nTry 'donations --help'.\n"},
		{[]string{"list", "--format", "cvs"}, `donations list: --format: "cvs" is not one of table, json, ndjson, csv (did you mean "csv"?)` + "\n" + listHelp},
		{[]string{"list", "--sort", "amout"}, `donations list: --sort: "amout" is not one of date, amount, name, email, status, form, id (with - in front for descending) (did you mean "amount"?)` + "\n" + listHelp},
		{[]string{"list", "--sort", "-amout"}, `donations list: --sort: "-amout" is not one of date, amount, name, email, status, form, id (with - in front for descending) (did you mean "-amount"?)` + "\n" + listHelp},
		{[]string{"summary", "--by", "from"}, `donations summary: --by: "from" is not one of form, campaign, status, month, week, day, donor, currency, payment_type, recurring (did you mean "form"?)` + "\nTry 'donations summary --help'.\n"},
		{[]string{"summary", "--by", "form", "--sort", "amuont"}, `donations summary: --sort: "amuont" is not one of group, -group, count, -count, amount, -amount (did you mean "amount"?)` + "\nTry 'donations summary --help'.\n"},
		{[]string{"report", "lybnt"}, `donations report: "lybnt" is not a report (lybunt, sybunt, retention, recurring, yoy, ranges) (did you mean "lybunt"?)` + "\nTry 'donations report --help'.\n"},
		{[]string{"report", "lybunt", "--fiscal-start", "Jly"}, `donations report: --fiscal-start: "Jly" is not a month; give 1..12 or its name (July, jul) (did you mean "July"?)` + "\nTry 'donations report --help'.\n"},
		{[]string{"--demo-shape", "donrbox", "list"}, `donations list: --demo-shape: "donrbox" is not one of spec, donorbox (did you mean "donorbox"?)` + "\n" + listHelp},
		{[]string{"help", "lst"}, `donations help: unknown command "lst" (did you mean "list"?)` + "\nTry 'donations help --help'.\n"},
		{[]string{"man", "list"}, `donations man: unexpected argument "list" (this command takes only flags)` + "\nTry 'donations man --help'.\n"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != exitConfig {
				t.Errorf("exit %d, want 2", r.code)
			}
			if r.stderr != tc.want {
				t.Errorf("stderr:\n%s\nwant:\n%s", r.stderr, tc.want)
			}
			if r.stdout != "" {
				t.Errorf("stdout not empty: %q", r.stdout)
			}
		})
	}
}

// The flags checked as they are parsed take every good value: the checks
// refuse only what is wrong or would be ignored.
func TestGoodFlagValuesStillWork(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "--demo-count=30", "list", "--demo", "--per-page=100", "--pages", "0",
		"--concurrency", "16", "--campaign-id", "101", "--format=ndjson")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if r = runCmd(t, nil, "list", "--demo", "--demo-count", "0"); r.code != 0 || r.stdout != "" {
		t.Errorf("--demo-count 0: exit %d, %q, want an empty account: %s", r.code, r.stdout, r.stderr)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	for _, flag := range []string{"--version", "-v"} {
		r := runCmd(t, nil, flag)
		if r.code != 0 || r.stderr != "" || r.stdout != "donations version "+versionText()+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", flag, r.code, r.stdout, r.stderr)
		}
	}
}

func TestDescribeBuild(t *testing.T) {
	t.Parallel()
	const rev = "4557d5b0a1b2c3d4e5f60718293a4b5c6d7e8f90"
	cases := []struct {
		settings, version, want string
	}{
		{"", "(devel)", "(devel)"},
		{"build\tvcs.revision=" + rev + "\nbuild\tvcs.modified=false\n", "v0.0.0-20261122120854-4557d5b0a1b2",
			"v0.0.0-20261122120854-4557d5b0a1b2 (commit 4557d5b0a1b2)"},
		{"build\tvcs.revision=" + rev + "\nbuild\tvcs.modified=true\n", "(devel)",
			"(devel) (commit 4557d5b0a1b2, with uncommitted changes)"},
		{"", "v1.2.0", "v1.2.0"},
	}
	for _, tc := range cases {
		info, err := debug.ParseBuildInfo("go\tgo1.26.8\npath\tdonations/cmd/donations\nmod\tdonations\t" + tc.version + "\t\n" + tc.settings)
		if err != nil {
			t.Fatal(err)
		}
		if got := describeBuild(info); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.settings, got, tc.want)
		}
	}
}

func TestHelpPerCommand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"--help"}, []string{"donations [command]", "list", "demo-server", "completion", "man", "--profile", "--version", "3 internal error"}},
		{[]string{"help", "list"}, []string{"donations list", "--campaign-id", "--newest", "--per-page", "--format", "--demo"}},
		{[]string{"list", "-h"}, []string{"donations list", "--campaign-id", "--concurrency"}},
		{[]string{"demo-server", "--help"}, []string{"donations demo-server", "--latency", "--hostile"}},
		{[]string{"completion", "--help"}, []string{"bash", "zsh", "fish", "powershell"}},
		{[]string{"man", "--help"}, []string{"donations man", "roff"}},
	}
	for _, tc := range cases {
		r := runCmd(t, nil, tc.args...)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", tc.args, r.code, r.stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(strings.Join(strings.Fields(r.stdout), " "), w) { // wherever a line breaks
				t.Errorf("%v: help lacks %q:\n%s", tc.args, w, r.stdout)
			}
		}
	}
}

// A command's help lists the flags that mean something to it: the global
// ones, which choose an account, only where an account is used.
func TestHelpListsOnlyTheFlagsThatApply(t *testing.T) {
	t.Parallel()
	globals := []string{"--demo", "--demo-count", "--base-url", "--profile", "--config", "--username", "--verbose", "--no-cache"}
	for _, args := range [][]string{{"demo-server", "--help"}, {"help", "demo-server"}, {"man", "--help"}, {"help", "--help"}, {"completion", "bash", "--help"}} {
		r := runCmd(t, nil, args...)
		for _, g := range globals {
			if regexp.MustCompile(`(?m)^\s+` + g + `\s`).MatchString(r.stdout) {
				t.Errorf("%v offers %s:\n%s", args, g, r.stdout)
			}
		}
	}
	for _, args := range [][]string{{"list", "--help"}, {"help", "list"}, {"sync", "--help"}, {"--help"}} {
		r := runCmd(t, nil, args...)
		for _, g := range globals {
			if !regexp.MustCompile(`(?m)^\s+` + g + `\s`).MatchString(r.stdout) {
				t.Errorf("%v lacks %s:\n%s", args, g, r.stdout)
			}
		}
	}
	r := runCmd(t, nil, "demo-server", "--help")
	if !regexp.MustCompile(`--rate-window\s+The window --rate-limit counts requests in \(1m0s\)\n`).MatchString(r.stdout) {
		t.Errorf("the rate window's default:\n%s", r.stdout)
	}
}

func TestManPage(t *testing.T) {
	t.Parallel()
	r := runCmd(t, nil, "man")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.HasPrefix(r.stdout, `.TH DONATIONS 1 `) {
		t.Errorf("not a section 1 man page: %.60q", r.stdout)
	}
	for _, w := range []string{"demo-server", "--campaign-id", "--per-page", "--base-url", "DONATIONS_API_KEY", "3 internal error"} {
		if !strings.Contains(r.stdout, strings.ReplaceAll(w, "-", `\-`)) && !strings.Contains(r.stdout, w) {
			t.Errorf("the man page lacks %q", w)
		}
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("groff is not installed: the page was made but not rendered")
	}
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(r.stdout)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("groff: %v\n%s", err, out)
	}
}

func TestCompletionScripts(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"bash":       "__start_donations",
		"zsh":        "#compdef donations",
		"fish":       "complete -c donations",
		"powershell": "Register-ArgumentCompleter",
	}
	for shell, want := range cases {
		r := runCmd(t, nil, "completion", shell)
		if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, want) {
			t.Errorf("%s: exit %d, lacks %q: %s", shell, r.code, want, r.stderr)
		}
	}
}

// The completion scripts ask the program itself what may come next.
func TestCompletionAnswers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", ""}, []string{"list", "demo-server", "completion", "man"}},
		{[]string{"__complete", "list", "--fo"}, []string{"--format"}},
		{[]string{"__complete", "list", "--format", ""}, []string{"table", "json", "ndjson", "csv"}},
		{[]string{"__complete", "--demo", "list", "--camp"}, []string{"--campaign-id"}},
		{[]string{"__complete", "help", ""}, []string{"list", "demo-server"}},
		{[]string{"__complete", "demo-server", "--past-end", ""}, []string{"empty", "last"}},
	}
	for _, tc := range cases {
		r := runCmd(t, nil, tc.args...)
		if r.code != 0 {
			t.Errorf("%v: exit %d: %s", tc.args, r.code, r.stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(r.stdout, w+"\t") && !strings.Contains(r.stdout, w+"\n") {
				t.Errorf("%v: lacks %q:\n%s", tc.args, w, r.stdout)
			}
		}
	}
}

// bash loads the script and, through it, completes a real command line with
// the built program on its PATH.
func TestBashCompletionLoadsAndCompletes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	const bashCompletion = "/usr/share/bash-completion/bash_completion"
	if _, err := os.Stat(bashCompletion); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("bash-completion is not installed; .ci/run installs it")
		}
		t.Skip("bash-completion is not installed (apt-get install bash-completion)")
	}
	bin := buildBinary(t)
	script := `source ` + bashCompletion + `
source <(donations completion bash) || exit 1
complete -p donations || exit 1
COMP_WORDS=(donations list --format "")
COMP_CWORD=3
COMP_LINE="donations list --format "
COMP_POINT=${#COMP_LINE}
__start_donations donations "" --format
printf '%s\n' "${COMPREPLY[@]}"`
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	got := string(out)
	if !strings.Contains(got, "complete -o default -F __start_donations donations") {
		t.Errorf("bash did not register the completion:\n%s", got)
	}
	for _, f := range []string{"table", "json", "ndjson", "csv"} {
		if !strings.Contains(got, "\n"+f+"\n") {
			t.Errorf("completing --format lacks %q:\n%s", f, got)
		}
	}
}

// A bug in a command reaches guarded through cobra and fang: exit 3 and a
// report, not Go's crash and status 2.
func TestAPanicInACommandExitsThree(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	a := &app{env: env{stdout: &stdout, stderr: safeText{&stderr}, getenv: func(string) string { return "" }, now: pinnedNow}}
	root := newRoot(a)
	root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error { panic("the page table is inconsistent") }})
	code := guarded(&stderr, func() int { return execute(context.Background(), a.env, root, []string{"boom"}) })
	if code != exitCrash || !strings.Contains(stderr.String(), "internal error: the page table is inconsistent") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
	}
}
