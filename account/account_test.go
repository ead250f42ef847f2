package account_test

import (
	"crypto/sha256"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/account"
)

func TestTokenRoom(t *testing.T) {
	tests := []struct {
		name     string
		held     int
		login    bool
		wantDrop int
		wantOK   bool
	}{
		{name: "a named token, none held", held: 0, wantOK: true},
		{name: "a named token, one below the limit", held: account.MaxAPITokens - 1, wantOK: true},
		{name: "a named token at the limit is refused", held: account.MaxAPITokens},
		{name: "a log-in token below the limit drops none", held: account.MaxAPITokens - 1, login: true, wantOK: true},
		{name: "a log-in token at the limit drops the least used", held: account.MaxAPITokens, login: true, wantDrop: 1, wantOK: true},
		{name: "a log-in token over the limit drops down to room for itself", held: account.MaxAPITokens + 2, login: true, wantDrop: 3, wantOK: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			drop, ok := account.TokenRoom(tt.held, tt.login)
			assert.Equal(t, tt.wantDrop, drop)
			assert.Equal(t, tt.wantOK, ok)
		})
	}
}

func TestPasswordMatches(t *testing.T) {
	hash, err := bcrypt.GenerateFromPassword([]byte("analytical-engine"), bcrypt.MinCost)
	require.NoError(t, err)
	tests := []struct {
		name, hash, password string
		want                 bool
		wantErr              bool
	}{
		{name: "the password", hash: string(hash), password: "analytical-engine", want: true},
		{name: "another password", hash: string(hash), password: "difference-engine"},
		{name: "the erased hash of a deleted account", hash: "$2a$10$erased", password: "", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := account.PasswordMatches(tt.hash, tt.password)
			assert.Equal(t, tt.wantErr, err != nil, "%v", err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestTokensAreRandomAndRememberedBySum(t *testing.T) {
	first, sum, err := account.NewToken()
	require.NoError(t, err)
	second, _, err := account.NewToken()
	require.NoError(t, err)
	assert.NotEqual(t, first, second)
	assert.Len(t, first, 43, "32 random bytes in base64url")
	want := sha256.Sum256([]byte(first))
	assert.Equal(t, want[:], sum)
	assert.Equal(t, want[:], account.Sum(first))
}

func TestFormerUsername(t *testing.T) {
	assert.Equal(t, "former-17", account.FormerUsername(17))
}

func TestRateRoom(t *testing.T) {
	for _, tc := range []struct {
		hits  float64
		limit int
		want  bool
	}{
		{0, 5, true},
		{4, 5, true},
		{4.9, 5, true},
		{5, 5, false},
		{6, 5, false},
		{0, 0, false},
	} {
		assert.Equal(t, tc.want, account.RateRoom(tc.hits, tc.limit), "%v hits of %d", tc.hits, tc.limit)
	}
}

func TestExpiresAndTokenUse(t *testing.T) {
	now := time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)
	assert.Equal(t, now.Add(time.Hour), account.Expires(now, account.ResetLinkLifetime))
	assert.Equal(t, now.Add(24*time.Hour), account.Expires(now, account.VerifyLinkLifetime))
	assert.Equal(t, now.Add(90*24*time.Hour), account.Expires(now, account.APITokenLifetime))
	assert.Equal(t, now.Add(-time.Minute), account.TokenUseSince(now), "a token's use is recorded at most once a minute")
}
