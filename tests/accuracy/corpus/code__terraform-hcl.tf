terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs"
  tags = {
    env = "prod"
  }
}

variable "region" {
  type    = string
  default = "us-east-1"
}
