package main

import (
	"github.com/spf13/cobra"
)

// addCompletion adds cobra's `completion bash|zsh|fish|powershell`; an
// unknown shell is refused as any unknown command is
// (refuseUnknownCommands).
func addCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
}
