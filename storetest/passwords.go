package storetest

import (
	"sync"

	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/store"
)

// QuickPasswords is the store option of every test store: passwords hashed at bcrypt's
// lowest cost, by Passwords. Under the race detector (make test) one bcrypt hash at the
// lowest cost takes a quarter of a second of CPU, and the tests make thousands of accounts
// with the same few passwords and log them in again and again.
func QuickPasswords() store.Option {
	return func(s *store.Store) {
		store.WithPasswordCost(bcrypt.MinCost)(s)
		store.WithPasswordHasher(Passwords)(s)
	}
}

// Passwords is the test process's password hasher: real bcrypt hashes and real bcrypt
// comparisons, but each password is hashed once per cost and each hash compared once with
// each password, for the whole test process. Accounts with the same password therefore
// share one hash (one salt) in tests, which only a test could notice.
var Passwords = &memoHasher{hashes: map[hashKey][]byte{}, compares: map[compareKey]error{}}

// memoHasher remembers bcrypt's answers (store.PasswordHasher).
type memoHasher struct {
	mu       sync.Mutex
	hashes   map[hashKey][]byte
	compares map[compareKey]error
}

type hashKey struct {
	password string
	cost     int
}

type compareKey struct{ hash, password string }

// Hash is bcrypt.GenerateFromPassword's hash of password at cost, made the first time it
// is asked for.
func (m *memoHasher) Hash(password []byte, cost int) ([]byte, error) {
	k := hashKey{string(password), cost}
	m.mu.Lock()
	hash, ok := m.hashes[k]
	m.mu.Unlock()
	if ok {
		return hash, nil
	}
	hash, err := bcrypt.GenerateFromPassword(password, cost)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if first, ok := m.hashes[k]; ok {
		return first, nil // another test hashed it meanwhile: keep one hash
	}
	m.hashes[k] = hash
	return hash, nil
}

// Compare is bcrypt.CompareHashAndPassword's answer for hash and password, asked the first
// time.
func (m *memoHasher) Compare(hash, password []byte) error {
	k := compareKey{string(hash), string(password)}
	m.mu.Lock()
	err, ok := m.compares[k]
	m.mu.Unlock()
	if ok {
		return err
	}
	err = bcrypt.CompareHashAndPassword(hash, password)
	m.mu.Lock()
	m.compares[k] = err
	m.mu.Unlock()
	return err
}
