package api

import "testing"

// Cents rounds half away from zero, on either side of zero, and leaves a
// figure of two decimals or fewer as it is.
func TestCents(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"69.965", "69.97"},
		{"69.9649", "69.96"},
		{"-69.965", "-69.97"},
		{"-0.004", "0.00"},
		{"0.005", "0.01"},
		{"4034.1290", "4034.13"},
		{"12.3", "12.30"},
		{"100", "100.00"},
		{"99999999999999999999.995", "100000000000000000000.00"},
	} {
		d, err := ParseDecimal(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Cents().String(); got != c.want {
			t.Errorf("%s to the cent: %s, want %s", c.in, got, c.want)
		}
	}
}
