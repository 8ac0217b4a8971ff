// Package help is the ? screen: the keys of the view it was opened from,
// then those that work from any view, packed in as many columns as fit, and
// what the list's markers mean.
package help
