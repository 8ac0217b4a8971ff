package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	"donations/api"
	"donations/textsafe"
)

// rawText is the record exactly as received, indented, under the request that
// fetched its page.
func rawText(raw json.RawMessage, ex *api.Exchange, st Styles) string {
	var b strings.Builder
	if ex != nil {
		fmt.Fprintf(&b, "%s %s\n", st.Key.Render(ex.Method), textsafe.Line(ex.URL))
		fmt.Fprintf(&b, "%s  %s bytes  %d ms", st.OK.Render(fmt.Sprintf("HTTP %d", ex.Status)), commas(ex.Bytes), ex.Duration.Milliseconds())
		if ex.Attempt > 1 {
			fmt.Fprintf(&b, "  (attempt %d)", ex.Attempt)
		}
		b.WriteString("\n\n")
	}
	// JSON escapes control characters already; Block also drops invisible and
	// bidi characters that JSON leaves as they are.
	b.WriteString(textsafe.Block(api.Pretty(raw)))
	return b.String()
}
