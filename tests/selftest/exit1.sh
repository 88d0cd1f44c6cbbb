#!/bin/sh
# Fails without a word, as a sanitizer's default exit does.
exit 1
