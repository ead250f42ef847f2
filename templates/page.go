// Package templates holds TableStakes' HTML as templ components: the Layout every page
// sits in, one component per page, and small shared pieces such as form fields.
package templates

import "net/url"

// Page is what the Layout needs to know about every request: the title, who is signed in
// and the CSRF token that every form must carry.
type Page struct {
	// Title names the page in the browser tab, before " · TableStakes".
	Title string
	// Path is the request path, to mark the current section in the navigation.
	Path string
	// Viewer is the signed-in user, or nil.
	Viewer *Viewer
	// CSRF is the token for the hidden _csrf field of every form (see CSRFField).
	CSRF string
	// Flash confirms the change just made ("Bruno Faidutti is a co-organiser"), shown once.
	Flash string
	// TimeZone is the one zone every time on the page is shown in (a league's), named once
	// at the top ("Times in Europe/Paris"); empty on a page without times or whose times
	// each carry their zone's abbreviation (issue #24: one time zone per page).
	TimeZone string
	// Query is the request's query string, kept by the footer's language links.
	Query url.Values
}

// LanguageURL is this page in the language code: its path and query with lang=code.
func (p Page) LanguageURL(code string) string {
	q := url.Values{}
	for k, v := range p.Query {
		q[k] = v
	}
	q.Set("lang", code)
	return p.Path + "?" + q.Encode()
}

// In is the page with its times in zone (a league's); an empty zone leaves it as it is.
func (p Page) In(zone string) Page {
	if zone != "" {
		p.TimeZone = zone
	}
	return p
}

// Viewer is the signed-in user as the pages show them.
type Viewer struct {
	Username    string
	DisplayName string
}

// FieldErrors maps a form field's name to the message shown under it.
type FieldErrors map[string]string

// SignupForm is the sign-up form's values and errors, to show it again after a refusal.
type SignupForm struct {
	Username    string
	DisplayName string
	// Error is a message about the whole form (too many sign-ups).
	Error  string
	Errors FieldErrors
}

// LoginForm is the log-in form's values and errors. Error is a message about the whole
// form (wrong password, too many attempts); Next is where to go once logged in.
type LoginForm struct {
	Username string
	Next     string
	Error    string
	Errors   FieldErrors
	// Notice confirms what brought the visitor here (a password just reset).
	Notice string
}

// ForgotForm is the forgotten-password form: the address asked for, and whether the
// request was taken (the answer is the same whether or not an account has the address).
type ForgotForm struct {
	Email  string
	Sent   bool
	Errors FieldErrors
}

// ResetForm is the form a password-reset link opens; Invalid when the link cannot be used.
type ResetForm struct {
	Token   string
	Invalid bool
	Errors  FieldErrors
}
