package uictx

import (
	"fmt"
	"reflect"
	"strings"

	"charm.land/bubbles/v2/key"
)

// BindingNames are the names a config's [keys] gives bindings by:
// "view.binding" in lower case, such as "list.filter" or "raw.curl".
func BindingNames() []string {
	var names []string
	eachBinding(reflect.ValueOf(&KeyMap{}).Elem(), func(name string, _ *key.Binding) {
		names = append(names, name)
	})
	return names
}

// eachBinding calls f with every binding of a KeyMap and its name.
func eachBinding(km reflect.Value, f func(name string, b *key.Binding)) {
	t := km.Type()
	for i := range t.NumField() {
		field, view := km.Field(i), strings.ToLower(t.Field(i).Name)
		if b, ok := field.Addr().Interface().(*key.Binding); ok {
			f(view, b)
			continue
		}
		if field.Kind() != reflect.Struct {
			continue
		}
		for j := range field.NumField() {
			if b, ok := field.Field(j).Addr().Interface().(*key.Binding); ok {
				f(view+"."+strings.ToLower(field.Type().Field(j).Name), b)
			}
		}
	}
}

// Remap gives the named bindings new keys, keeping their help text (which
// then names the new keys). A name that is not a binding, or a key that two
// bindings of one view would then share, is an error.
func (km *KeyMap) Remap(keys map[string][]string) error {
	found := map[string]bool{}
	eachBinding(reflect.ValueOf(km).Elem(), func(name string, b *key.Binding) {
		ks, ok := keys[name]
		if !ok || len(ks) == 0 {
			return
		}
		found[name] = true
		b.SetKeys(ks...)
		b.SetHelp(keyNames(ks), b.Help().Desc)
	})
	for name := range keys {
		if !found[name] {
			return fmt.Errorf("%q is not a key binding", name)
		}
	}
	return km.clashes()
}

// helpedViews are the key sets of the views ? opens the help from (the
// root takes list.help's keys before the view sees them): none of their
// bindings may answer to it.
var helpedViews = []string{"scroll", "detail", "raw", "donors", "kinds", "insights", "live", "log"}

// clashes finds a key two bindings of one view answer to.
func (km *KeyMap) clashes() error {
	owner := map[string]string{}
	var err error
	eachBinding(reflect.ValueOf(km).Elem(), func(name string, b *key.Binding) {
		views := []string{name}
		if name == "list.help" {
			views = append(views, helpedViews...)
		}
		for _, view := range views {
			view, _, _ = strings.Cut(view, ".")
			for _, k := range b.Keys() {
				if other, ok := owner[view+" "+k]; ok && err == nil {
					err = fmt.Errorf("%q is both %s and %s", k, other, name)
				}
				owner[view+" "+k] = name
			}
		}
	})
	return err
}
