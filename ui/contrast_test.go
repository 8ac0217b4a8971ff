package ui

import (
	"fmt"
	"image/color"
	"math"
	"reflect"
	"testing"

	"donations/ui/uictx"

	"charm.land/lipgloss/v2"
)

// Every text colour of both themes reads at WCAG AA (4.5:1) against its
// background: the style's own, or the terminal's — black and a dark grey for
// the dark theme, white and a light grey for the light one. The key lines,
// text fields and status colours are styles too, so they are checked alike.
func TestEveryTextColourHasContrast(t *testing.T) {
	t.Parallel()
	for _, theme := range []struct {
		dark bool
		bgs  []string
	}{{true, []string{"#000000", "#303030"}}, {false, []string{"#FFFFFF", "#EEEEEE"}}} {
		styles := styleFields(reflect.ValueOf(uictx.NewStyles(theme.dark)), "Styles")
		if len(styles) < 30 {
			t.Fatalf("found only %d styles", len(styles))
		}
		for name, st := range styles {
			fg := st.GetForeground()
			if _, none := fg.(lipgloss.NoColor); none {
				continue // the terminal's own colour
			}
			bgs := theme.bgs
			if bg := st.GetBackground(); bg != nil {
				if _, none := bg.(lipgloss.NoColor); !none {
					bgs = []string{hex(bg)}
				}
			}
			for _, bg := range bgs {
				if c := contrast(fg, lipgloss.Color(bg)); c < 4.5 {
					t.Errorf("dark=%v %s: %s on %s is %.2f:1, under 4.5:1", theme.dark, name, hex(fg), bg, c)
				}
			}
		}
	}
}

// styleFields finds every lipgloss.Style in v, struct fields and map values
// alike, by path.
func styleFields(v reflect.Value, path string) map[string]lipgloss.Style {
	out := map[string]lipgloss.Style{}
	if st, ok := v.Interface().(lipgloss.Style); ok {
		out[path] = st
		return out
	}
	add := func(m map[string]lipgloss.Style) {
		for k, s := range m {
			out[k] = s
		}
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				add(styleFields(v.Field(i), path+"."+f.Name))
			}
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			add(styleFields(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k)))
		}
	}
	return out
}

func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02X%02X%02X", r>>8, g>>8, b>>8)
}

// contrast is the WCAG 2 contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v>>8) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

func TestContrastOfKnownPairs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want float64
	}{{"#000000", "#FFFFFF", 21}, {"#777777", "#FFFFFF", 4.48}, {"#626262", "#000000", 3.44}} {
		if got := contrast(lipgloss.Color(tc.a), lipgloss.Color(tc.b)); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("contrast(%s, %s) = %.2f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}
