// Package rows draws gifts the list's way: its columns fitted to a width
// (dropping the least needed first), their titles with the sort in force,
// and a row in them. The list and Live draw with it, so a row looks the
// same, and lines up, on both screens.
package rows
