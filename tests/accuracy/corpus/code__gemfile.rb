source "https://rubygems.org"

ruby "3.3.0"

gem "rails", "~> 7.1"
gem "pg"
gem "puma", ">= 5.0"

group :development, :test do
  gem "rspec-rails"
end
