package config

import (
	"context"
	"errors"
)

// ProfileKey is the API key a profile not yet written points to: what its
// api_key_cmd prints, the variable api_key_env names, or its api_key. The
// setup screen tries it before the file is written.
func ProfileKey(ctx context.Context, p Profile, getenv func(string) string) (string, error) {
	switch {
	case p.APIKeyCmd != "":
		key, err := runKeyCmd(ctx, p.APIKeyCmd)
		if err != nil && !errors.Is(err, context.Canceled) {
			return "", errorf("the command that prints the API key: %v", err)
		}
		return key, err
	case p.APIKeyEnv != "":
		if key := getenv(p.APIKeyEnv); key != "" {
			return key, nil
		}
		// The variable's name is not shown: people paste the key itself there.
		return "", errorf("the environment variable named for the API key is not set (the name is not shown, in case it is the key itself)")
	}
	return p.APIKey, nil
}
