// Package sorter is the sort prompt (s): one key picks the column the list
// is sorted by, posted to the root as a uictx.SortMsg.
package sorter
