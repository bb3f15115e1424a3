require "securerandom"

class User < ApplicationRecord
  has_many :orders, dependent: :destroy
  validates :email, presence: true, uniqueness: true

  before_create :assign_token

  def full_name
    "#{first_name} #{last_name}".strip
  end

  private

  def assign_token
    self.token = SecureRandom.hex(16)
  end
end
