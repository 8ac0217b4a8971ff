package api

import (
	"encoding/json"
	"reflect"
	"strings"
	"sync"
)

// The records of the kinds are read by the same reader as donations, each
// key looked up in its record type's json tags: a table per type, made
// once. The kinds are small beside the donations, so what reflection costs
// a field is spent on few records; the donations keep their own tables.

// layouts holds, per struct type, the index of the field each key goes to.
var layouts sync.Map // reflect.Type → map[string][]int

func layoutOf(t reflect.Type) map[string][]int {
	if l, ok := layouts.Load(t); ok {
		return l.(map[string][]int)
	}
	l := map[string][]int{}
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.IsExported() && name != "" && name != "-" {
			l[name] = f.Index
		}
	}
	layouts.Store(t, l)
	return l
}

// into reads the object at i into the struct v, and skips any other value.
func (r *reader) into(v reflect.Value) {
	if r.next() != '{' {
		r.value()
		return
	}
	l := layoutOf(v.Type())
	r.object(func(key string) {
		if at, ok := findKey(l, key); ok {
			r.member(v.FieldByIndex(at))
		} else {
			r.value()
		}
	})
}

// member reads the value at i into f: a field of the tolerant types as
// donations read it, an object into a struct, a list of objects into a
// slice of structs; a value of another shape leaves f as it was.
func (r *reader) member(f reflect.Value) {
	switch p := f.Addr().Interface().(type) {
	case *Text, *Number, *Int, *Flag, *json.RawMessage:
		r.field(p)
		return
	}
	switch {
	case f.Kind() == reflect.Struct:
		r.into(f)
	case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.Struct && r.next() == '[':
		list := reflect.MakeSlice(f.Type(), 0, 1)
		r.array(func() {
			if r.next() != '{' {
				r.value()
				return
			}
			list = reflect.Append(list, reflect.Zero(f.Type().Elem()))
			r.into(list.Index(list.Len() - 1))
		})
		f.Set(list)
	default:
		r.value()
	}
}

// readKind reads the object at i into rec, which keeps its bytes.
func readKind[T KindRecord](r *reader, rec *T) {
	*rec = *new(T)
	start := r.i
	r.into(reflect.ValueOf(rec).Elem())
	HeadOf(rec).Raw = r.b[start:r.i:r.i]
}

// kindList is how a page of Ts is read: its list under the kind's name,
// or under the names donations may come under but their own.
func kindList[T KindRecord]() listing[T] {
	k := KindOf[T]()
	keys := []string{k.Name}
	for _, key := range listKeys {
		if key != "donations" {
			keys = append(keys, key)
		}
	}
	return listing[T]{keys: keys, name: strings.TrimSuffix(k.Name, "s"), read: readKind[T]}
}

// DecodeKindRecord reads one record as sent (its Raw), as a store that
// keeps the bytes reads them back. A value of the wrong type costs its
// field only; bytes that are not one JSON object are an error.
func DecodeKindRecord[T KindRecord](raw []byte) (T, error) {
	var rec T
	r := newReader(append(json.RawMessage(nil), raw...))
	if r.next() != '{' {
		err := json.Unmarshal(raw, new(struct{}))
		if err == nil {
			err = &json.UnmarshalTypeError{Value: "non-object", Type: reflect.TypeFor[T]()}
		}
		return rec, err
	}
	readKind(r, &rec)
	if r.space(); r.err == nil && r.i < len(r.s) {
		r.fail()
	}
	if r.err != nil {
		if err := checkDepth(raw); err != nil {
			return *new(T), err
		}
		if err := json.Unmarshal(raw, new(struct{})); err != nil {
			return *new(T), err
		}
		return *new(T), r.err
	}
	return rec, nil
}
