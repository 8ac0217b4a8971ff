// Command cells makes aha's HTML draw like a terminal: every non-ASCII
// grapheme is put in a box exactly as many cells wide as the program counts
// it (the same width function the UI uses), so a browser's proportional
// fallback fonts cannot shift the columns after it.
package main

import (
	"bufio"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"
)

func main() {
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		os.Exit(1)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	s := string(in)
	for len(s) > 0 {
		switch s[0] {
		case '<', '&': // a tag or an entity passes through whole
			end := map[byte]string{'<': ">", '&': ";"}[s[0]]
			i := strings.Index(s, end)
			if i < 0 {
				i = len(s) - 1
			}
			out.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		if s[0] < 0x80 {
			out.WriteByte(s[0])
			s = s[1:]
			continue
		}
		g, rest, _, _ := uniseg.FirstGraphemeClusterInString(s, -1)
		s = rest
		w := ansi.StringWidth(g)
		if w == 0 {
			continue
		}
		out.WriteString(`<span class="c` + string(rune('0'+w)) + `">` + g + `</span>`)
	}
}
