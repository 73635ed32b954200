#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema with Python's jsonschema, offline.

    validate.py SCHEMA FILE...

The schema's own "$schema" picks the draft (SARIF's is draft 4, pushbook's payload schemas are draft
2020-12); the schema is first checked against that draft's meta-schema (bundled with jsonschema), and
formats are checked ("uri" needs rfc3986-validator, which CI installs: without it this script fails
rather than skipping the check). Prints one JSON object on stdout:

    {"schemaDraft": "...", "files": [{"path": "...", "errors": [{"at": "/runs/0/...", "message": "..."}]}]}

Exit status: 0 when it could validate (whatever the files' verdicts), 2 on a missing module, an
unreadable file or an invalid schema.
"""
import json
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        import jsonschema
    except ImportError:
        print("validate.py: Python's jsonschema is not installed (pip install jsonschema rfc3986-validator)", file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    try:
        validator_class.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        print(f"validate.py: {argv[1]} is not a valid schema: {error.message}", file=sys.stderr)
        return 2
    checker = validator_class.FORMAT_CHECKER
    if "uri" not in checker.checkers:
        print("validate.py: jsonschema cannot check the 'uri' format (pip install rfc3986-validator)", file=sys.stderr)
        return 2
    validator = validator_class(schema, format_checker=checker)
    files = []
    for path in argv[2:]:
        try:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
        except (OSError, ValueError) as error:
            print(f"validate.py: cannot read {path}: {error}", file=sys.stderr)
            return 2
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        files.append({"path": path, "errors": [
            {"at": "/" + "/".join(str(p) for p in error.absolute_path), "message": error.message} for error in errors]})
    print(json.dumps({"schemaDraft": validator_class.META_SCHEMA.get("$schema", ""), "files": files}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
