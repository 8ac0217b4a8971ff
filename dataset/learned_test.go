package dataset_test

import (
	"context"
	"os"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
)

// A command that learned nothing beyond what the store taught it leaves
// the store unopened as it ends: opening one reads its whole schema,
// which `list --pages 1` paid twice. The store is replaced by a symbolic
// link after Recall, which any open refuses: Remember must not try.
func TestRememberLeavesTheStoreWhenNothingNewWasLearned(t *testing.T) {
	ctx := context.Background()
	srv := server(t, demo.Options{Count: 300})
	s, path := tempStore(t)
	sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	c := client(t, srv.URL)
	recalled := dataset.Recall(ctx, path, c)
	if recalled == (api.Profile{}) || c.Profile() != recalled {
		t.Fatalf("Recall taught %+v and returned %+v; want what the sync learned, the same", c.Profile(), recalled)
	}
	if err := os.Rename(path, path+".kept"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(path+".kept", path); err != nil {
		t.Fatal(err)
	}
	if err := dataset.Remember(ctx, path, c, recalled); err != nil {
		t.Errorf("Remember with nothing new opened the store: %v", err)
	}
	if err := dataset.Remember(ctx, path, c, api.Profile{}); err == nil {
		t.Errorf("Remember with something new did not open the store (a link, which must be refused)")
	}
}
