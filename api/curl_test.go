package api

import (
	"os/exec"
	"strings"
	"testing"
)

func TestCurlCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, url, user, want string
	}{
		{"get", "GET", "https://h/v1/donations?page=2", "a@b.org",
			`curl -u 'a@b.org:'"$DONATIONS_API_KEY" -H 'Accept: application/json' 'https://h/v1/donations?page=2'`},
		{"quote in url", "GET", "https://h/x?q=o'neil&a=$(rm)", "a@b.org",
			`curl -u 'a@b.org:'"$DONATIONS_API_KEY" -H 'Accept: application/json' 'https://h/x?q=o'\''neil&a=$(rm)'`},
		{"method", "POST", "https://h/", "u", `curl -X 'POST' -u 'u:'"$DONATIONS_API_KEY" -H 'Accept: application/json' 'https://h/'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CurlCommand(tt.method, tt.url, tt.user); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// The shell must read the URL and user back unchanged, and the key only from
// the environment: echo stands in for curl to show the words it would get.
func TestCurlCommandShellWords(t *testing.T) {
	t.Parallel()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	url := "https://h/x?q=o'neil&a=$(touch /tmp/pwned)`x`;b"
	cmd := strings.Replace(CurlCommand("GET", url, "a@b.org"), "curl", "printf '%s\\n'", 1)
	c := exec.Command(sh, "-c", cmd)
	c.Env = []string{"DONATIONS_API_KEY=sk_secret_123"}
	out, err := c.Output()
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	want := []string{"-u", "a@b.org:sk_secret_123", "-H", "Accept: application/json", url}
	if strings.Join(words, "|") != strings.Join(want, "|") {
		t.Errorf("words %q, want %q", words, want)
	}
	if strings.Contains(CurlCommand("GET", url, "a@b.org"), "sk_secret_123") {
		t.Error("command text holds the key")
	}
}
