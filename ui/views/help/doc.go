// Package help is the ? screen: every list key from the key map, packed in
// as many columns as fit, and what the list's markers mean.
package help
