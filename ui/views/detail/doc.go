// Package detail is the selected gift's full record (Enter): beside the
// list on a wide screen whoever has the keys, and in the list's place when
// it has them on a narrow one. It moves the list's selection and asks for
// a donor's history by posting requests to the root.
package detail
