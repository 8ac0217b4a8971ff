// Package cputime gives the benchmarks the CPU time their process used: on
// a machine others share, a cost that wall time blurs.
package cputime
