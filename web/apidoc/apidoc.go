// Package apidoc holds the JSON API's own description: an OpenAPI 3.1 document written
// beside the route table it describes (openapi.yaml), served as JSON at
// /api/v1/openapi.json and rendered for people at /api. A test walks the API's routes and
// fails on any route the document leaves out.
package apidoc

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

//go:embed openapi.yaml
var source []byte

// Methods are the HTTP methods an OpenAPI path item may hold, in the order pages list them.
var Methods = []string{"get", "post", "put", "patch", "delete"}

// Document is the parsed description: what the /api page reads.
type Document struct {
	Info struct {
		Title       string `yaml:"title"`
		Version     string `yaml:"version"`
		Summary     string `yaml:"summary"`
		Description string `yaml:"description"`
	} `yaml:"info"`
	Tags []struct {
		Name        string `yaml:"name"`
		Description string `yaml:"description"`
	} `yaml:"tags"`
	Paths      map[string]map[string]yaml.Node `yaml:"paths"`
	Components struct {
		Schemas       map[string]*Schema      `yaml:"schemas"`
		RequestBodies map[string]*RequestBody `yaml:"requestBodies"`
		Responses     map[string]*Response    `yaml:"responses"`
	} `yaml:"components"`
}

// Schema is the part of a JSON Schema the page shows: a type, its fields and a description.
type Schema struct {
	Ref         string             `yaml:"$ref"`
	Type        any                `yaml:"type"`
	Description string             `yaml:"description"`
	Required    []string           `yaml:"required"`
	Properties  map[string]*Schema `yaml:"properties"`
	Items       *Schema            `yaml:"items"`
	Enum        []any              `yaml:"enum"`
	OneOf       []*Schema          `yaml:"oneOf"`
}

// Media is one content type of a body.
type Media struct {
	Schema *Schema `yaml:"schema"`
}

// RequestBody is an operation's body, inline or by reference.
type RequestBody struct {
	Ref         string           `yaml:"$ref"`
	Required    bool             `yaml:"required"`
	Description string           `yaml:"description"`
	Content     map[string]Media `yaml:"content"`
}

// Response is one status of an operation, inline or by reference.
type Response struct {
	Ref         string           `yaml:"$ref"`
	Description string           `yaml:"description"`
	Content     map[string]Media `yaml:"content"`
}

// Operation is one method on one path.
type Operation struct {
	Method      string
	Path        string
	Tags        []string               `yaml:"tags"`
	Summary     string                 `yaml:"summary"`
	Description string                 `yaml:"description"`
	OperationID string                 `yaml:"operationId"`
	Security    *[]map[string][]string `yaml:"security"`
	RequestBody *RequestBody           `yaml:"requestBody"`
	Responses   map[string]*Response   `yaml:"responses"`
	Parameters  []map[string]any       `yaml:"parameters"`
}

// Parse reads the embedded document.
func Parse() (*Document, error) {
	var d Document
	if err := yaml.Unmarshal(source, &d); err != nil {
		return nil, fmt.Errorf("apidoc: parse openapi.yaml: %w", err)
	}
	return &d, nil
}

// JSON returns the document as JSON, as /api/v1/openapi.json serves it.
func JSON() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(source, &doc); err != nil {
		return nil, fmt.Errorf("apidoc: parse openapi.yaml: %w", err)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("apidoc: encode openapi.json: %w", err)
	}
	return b, nil
}

// Operations lists every operation, by path and then in Methods order.
func (d *Document) Operations() ([]Operation, error) {
	paths := make([]string, 0, len(d.Paths))
	for p := range d.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var out []Operation
	for _, p := range paths {
		for _, m := range Methods {
			node, ok := d.Paths[p][m]
			if !ok {
				continue
			}
			var op Operation
			if err := node.Decode(&op); err != nil {
				return nil, fmt.Errorf("apidoc: %s %s: %w", strings.ToUpper(m), p, err)
			}
			op.Method, op.Path = strings.ToUpper(m), p
			out = append(out, op)
		}
	}
	return out, nil
}

// Public reports whether the operation can be called without signing in.
func (op Operation) Public() bool {
	if op.Security == nil {
		return false // the document's default: a bearer token
	}
	return len(*op.Security) == 0 || slices.ContainsFunc(*op.Security, func(req map[string][]string) bool { return len(req) == 0 })
}

// Field is one field of a body, as the page lists it.
type Field struct {
	Name, Type, Description string
	Required                bool
}

// Body resolves the operation's request body to its JSON fields; nil when it takes none.
func (d *Document) Body(op Operation) (*RequestBody, []Field) {
	rb := op.RequestBody
	if rb != nil && rb.Ref != "" {
		rb = d.Components.RequestBodies[refName(rb.Ref)]
	}
	if rb == nil {
		return nil, nil
	}
	return rb, d.Fields(rb.Content["application/json"].Schema)
}

// Fields lists a schema's properties, following a reference.
func (d *Document) Fields(s *Schema) []Field {
	s = d.resolve(s)
	if s == nil {
		return nil
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { // required fields first, then by name
		ri, rj := slices.Contains(s.Required, names[i]), slices.Contains(s.Required, names[j])
		if ri != rj {
			return ri
		}
		return names[i] < names[j]
	})
	out := make([]Field, len(names))
	for i, n := range names {
		p := s.Properties[n]
		out[i] = Field{Name: n, Type: d.TypeName(p), Description: d.resolve(p).Description, Required: slices.Contains(s.Required, n)}
	}
	return out
}

// ResponseOf resolves a response and names the schema it returns ("League", "array of Game").
func (d *Document) ResponseOf(r *Response) (description, schema string) {
	if r != nil && r.Ref != "" {
		r = d.Components.Responses[refName(r.Ref)]
	}
	if r == nil {
		return "", ""
	}
	if m, ok := r.Content["application/json"]; ok && m.Schema != nil {
		return r.Description, d.TypeName(m.Schema)
	}
	return r.Description, ""
}

// TypeName names a schema for people: a component's name, "array of X", or its JSON type.
func (d *Document) TypeName(s *Schema) string {
	if s == nil {
		return ""
	}
	if s.Ref != "" {
		return refName(s.Ref)
	}
	switch t := s.Type.(type) {
	case string:
		if t == "array" {
			return "array of " + d.TypeName(s.Items)
		}
		if len(s.Enum) > 0 {
			parts := make([]string, len(s.Enum))
			for i, e := range s.Enum {
				parts[i] = fmt.Sprint(e)
			}
			return strings.Join(parts, " | ")
		}
		return t
	case []any:
		parts := make([]string, len(t))
		for i, e := range t {
			parts[i] = fmt.Sprint(e)
		}
		return strings.Join(parts, " or ")
	}
	if len(s.OneOf) > 0 {
		parts := make([]string, len(s.OneOf))
		for i, o := range s.OneOf {
			parts[i] = d.TypeName(o)
		}
		return strings.Join(parts, " or ")
	}
	return "any"
}

func (d *Document) resolve(s *Schema) *Schema {
	for s != nil && s.Ref != "" {
		s = d.Components.Schemas[refName(s.Ref)]
	}
	return s
}

func refName(ref string) string { return ref[strings.LastIndex(ref, "/")+1:] }
