package config

import "syscall"

const ioctlGetTermios = syscall.TCGETS
