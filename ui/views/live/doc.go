// Package live is Live (L): it watches for new gifts, bringing the store
// the list reads up to date now and then through the dataset's one sync
// loop and lock (Options.Sync, from the wiring), within a quarter of the
// server's request budget, and shows what came since it started above the
// gifts from before, drawn the list's way (package rows), with their
// running total. It reads the answer through uictx.Data and asks the root
// to put the list newest first, and its order back, by posting requests.
package live
