// Package search is the quick-search bar (/): each key typed asks the root
// for the search in force, and the bar stays under the header, without the
// keys, while one is.
package search
