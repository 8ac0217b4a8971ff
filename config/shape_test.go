package config

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestShapeIsChecked(t *testing.T) {
	names := ShapeNames{Bindings: []string{"list.filter", "list.quit"}, Columns: []string{"date", "amount"}, ViewFields: []string{"status", "sort"}}
	for _, tc := range []struct {
		text, want string
	}{
		{"columns = [\"date\"]\n[theme]\nmode = \"dark\"\naccent = \"#FF8800\"\n[keys]\n\"list.filter\" = [\"F\", \"ctrl+f\"]\n[views.refunds]\nstatus = \"refunded\"\n", ""},
		{"[keys]\n\"list.filtr\" = \"F\"\n", `unknown key binding "list.filtr" (did you mean "list.filter"?)`},
		{"[keys]\n\"list.filter\" = 5\n", "a key is text in quotes"},
		{"[theme]\nmode = \"sepia\"\n", `"sepia" is not light, dark or auto`},
		{"[theme]\naccent = \"orange\"\n", `"orange" is not a colour`},
		{"[theme]\naccnt = \"#fff\"\n", `did you mean "accent"?`},
		{"columns = [\"date\", \"amonut\"]\n", `unknown column "amonut" (did you mean "amount"?)`},
		{"[views.refunds]\nstatuses = \"refunded\"\n", `unknown view setting "statuses" (did you mean "status"?)`},
	} {
		f, err := Parse("config.toml", []byte(tc.text))
		if err == nil {
			err = f.checkShape(f.raw, names.Bindings, names.Columns, names.ViewFields)
		}
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}

func TestAnEmptyKeyIsRefused(t *testing.T) {
	for _, text := range []string{`"list.filter" = [""]`, `"list.filter" = " "`, `"list.filter" = ["F", ""]`} {
		var k struct {
			Keys map[string]KeyList `toml:"keys"`
		}
		_, err := toml.Decode("[keys]\n"+text, &k)
		if err == nil || !strings.Contains(err.Error(), "a key cannot be empty") {
			t.Errorf("%s: %v", text, err)
		}
	}
}
