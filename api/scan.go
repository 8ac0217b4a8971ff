package api

import "fmt"

// errTooDeep refuses JSON that nests past MaxDepth. encoding/json itself
// goes 10,000 levels deep; a record nested far past anything the API sends
// would cost every later reader of its raw bytes (the raw view, exports,
// answers decoded as values) that depth again.
var errTooDeep = fmt.Errorf("nested too deeply (more than %d levels)", MaxDepth)

// checkDepth refuses b when its brackets nest more than MaxDepth deep. It
// only counts, skipping strings; encoding/json checks the syntax after it,
// so bytes that are not JSON at all may pass here.
func checkDepth(b []byte) error {
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			if depth++; depth > MaxDepth {
				return errTooDeep
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return nil
}
