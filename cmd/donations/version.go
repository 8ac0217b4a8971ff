package main

import "runtime/debug"

// versionText names this build for --version: the module version and, when it
// was built from a checkout, the commit and whether it had changes.
func versionText() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (built without module information)"
	}
	return describeBuild(info)
}

func describeBuild(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return v
	}
	v += " (commit " + rev[:min(12, len(rev))]
	if modified == "true" {
		v += ", with uncommitted changes"
	}
	return v + ")"
}
