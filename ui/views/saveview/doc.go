// Package saveview is the prompt (V) that saves the question in force as a
// named view, a tab, through the wiring's save function; and Saved, what a
// view is.
package saveview
