package api

import "testing"

func TestIndent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ raw, want string }{
		{`{"b":1,"a":"x"}`, "{\n  \"b\": 1,\n  \"a\": \"x\"\n}"},
		{`{"cut":`, `{"cut":`},
	} {
		if got := Indent([]byte(c.raw)); got != c.want {
			t.Errorf("Indent(%s) = %q, want %q", c.raw, got, c.want)
		}
	}
}
