package api_test

import (
	"reflect"
	"strings"
	"testing"

	"donations/api"
)

// Every field of Donation and Honor is in the field table, in the struct's
// (the spec's) order, and the table reaches that very field.
func TestFieldTableCoversDonation(t *testing.T) {
	t.Parallel()
	var d api.Donation
	d.Honor = &api.Honor{}
	dv := reflect.ValueOf(&d).Elem()
	var tagged []int
	for i := range dv.NumField() {
		if tag := dv.Type().Field(i).Tag.Get("json"); tag != "" && tag != "-" {
			tagged = append(tagged, i)
		}
	}
	if len(tagged) != len(api.Fields) {
		t.Fatalf("Donation has %d fields, the table %d", len(tagged), len(api.Fields))
	}
	for j, i := range tagged {
		f, sf := &api.Fields[j], dv.Type().Field(i)
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if f.Name != name || f.Label == "" {
			t.Errorf("table line %d is %q (%q), the struct's field %q", j, f.Name, f.Label, name)
		}
		if got := reflect.ValueOf(f.At(&d)).Pointer(); got != dv.Field(i).Addr().Pointer() {
			t.Errorf("%s: the table reaches another field", f.Name)
		}
	}
	hv := reflect.ValueOf(d.Honor).Elem()
	if hv.NumField() != len(api.HonorFields) {
		t.Fatalf("Honor has %d fields, the table %d", hv.NumField(), len(api.HonorFields))
	}
	for i := range hv.NumField() {
		f := &api.HonorFields[i]
		if name := hv.Type().Field(i).Tag.Get("json"); f.Name != name {
			t.Errorf("honor line %d is %q, the struct's field %q", i, f.Name, name)
		}
		if reflect.ValueOf(f.At(d.Honor)).Pointer() != hv.Field(i).Addr().Pointer() {
			t.Errorf("%s: the table reaches another field", f.Name)
		}
	}
}
