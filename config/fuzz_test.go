package config

import (
	"errors"
	"testing"
)

// Any file: Parse returns a config or a FileError naming the file, never panics.
func FuzzParse(f *testing.F) {
	f.Add([]byte("default_profile = \"main\"\n[profiles.main]\nbase_url = \"https://x\"\nusername = \"u\"\napi_key_env = \"K\"\n"))
	f.Add([]byte("[profiles.main]\nbase_ur = 1\n"))
	f.Add([]byte("[profiles]\nmain = \"x\"\n"))
	f.Add([]byte("[[profiles]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("fuzz.toml", data)
		if err != nil {
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != "fuzz.toml" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		for _, name := range file.ProfileNames() {
			_ = file.Profiles[name]
		}
	})
}
