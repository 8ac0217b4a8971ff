package store_test

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// Every command, `--version` and `list --offline` too, pays for the
// store's package initialisation. Building the schema's statements there
// (their triggers' SQL) would be most of what the program spends before
// main; they are built when a store needs them. The allocations are
// counted, not the time: they do not move with the load.
func TestInitBuildsNoSchema(t *testing.T) {
	if os.Getenv("DONATIONS_INIT_CHILD") != "" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitBuildsNoSchema$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "DONATIONS_INIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	m := regexp.MustCompile(`init donations/store @.* (\d+) allocs`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no init line for donations/store in\n%s", out)
	}
	if n, _ := strconv.Atoi(string(m[1])); n > 1000 {
		t.Errorf("the store's package init made %d allocations, want at most 1,000: something builds the schema when the program starts", n)
	}
}
