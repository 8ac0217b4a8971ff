package config

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

// WriteNew creates a config file holding one profile, made the default. The
// file is private (0600) from its first byte, since it may hold an API key,
// and an existing file is never overwritten.
func WriteNew(path, name string, p Profile) error {
	f := File{DefaultProfile: name, Profiles: map[string]Profile{name: p}}
	var buf bytes.Buffer
	buf.WriteString("# Written by the donations setup screen. See README for every key.\n")
	if err := toml.NewEncoder(&buf).Encode(f); err != nil {
		return err
	}
	if _, err := Parse(path, buf.Bytes()); err != nil {
		return fmt.Errorf("the new config would not read back: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := out.Write(buf.Bytes()); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
